// One way for the page's optional modules (agents, replanning walker, lab, HPA* layer) to
// install themselves: wait until main.js has set up window.playground (body[data-ready] =
// 'true'; 'error' means it never will), plus whatever else they need, then run install(app);
// a failure is shown on the page as an error message, never thrown.
//   <script type="module" src="js/x/boot.js"></script> after main.js; boot.js calls
//   installWhenReady('x', (app) => ..., { needs: () => window.agents }).
export async function installWhenReady(name, install, { needs = () => true } = {}) {
  const ready = () => document.body.dataset.ready === 'true' && window.playground && needs();
  for (let i = 0; !ready(); i++) {
    if (document.body.dataset.ready === 'error' || i > 600) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    install(window.playground);
  } catch (e) {
    console.error(e);
    window.playground.showMessage?.(`${name}: ${e.message}`, 'error');
  }
}
