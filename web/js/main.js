import createAstarCore from '../astar_core.mjs';

const status = document.getElementById('status');
try {
  const core = await createAstarCore();
  const engine = new core.Engine();
  engine.reset(16, 16);
  for (let i = 2; i < 14; ++i) engine.setWall(8, i);
  const costs = engine.costs();
  let walls = 0;
  for (const c of costs) if (c === 0) ++walls;
  status.textContent = `Engine ready: ${engine.width()} x ${engine.height()} grid, ${walls} walls.`;
  document.body.dataset.ready = 'true';
  window.astarEngine = engine;
} catch (e) {
  status.textContent = `The engine failed to load: ${e.message}`;
  document.body.dataset.ready = 'error';
}
