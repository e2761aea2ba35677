// What the page puts on window (main.js, agents/boot.js), for `tsc --checkJs` (tsconfig.json).
interface Window {
  playground: any;
  agents: any;
}
