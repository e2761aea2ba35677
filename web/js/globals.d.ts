// What the page puts on window (main.js: the page's one handle, for tests and the console), for `tsc --checkJs` (tsconfig.json).
interface Window {
  playground: any;
}
