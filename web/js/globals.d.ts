// What the page puts on window (main.js and the optional modules' boot.js), for `tsc --checkJs` (tsconfig.json).
interface Window {
  playground: any;
  agents: any;
  replan: any;
  lab: any;
  hpa: any;
  exercise: any;
}
