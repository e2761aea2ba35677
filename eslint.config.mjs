// ESLint flat config (`make lint` runs it; `npx eslint --fix` fixes what it can).
// The recommended rule set, nothing stylistic: clang-format-like layout is not enforced for JS.
import js from '@eslint/js';
import globals from 'globals';

export default [
  {
    // Build output, installed packages and generated files are not ours to lint.
    ignores: ['build*/**', 'dist/**', '**/node_modules/**', 'test-results/**'],
  },
  // Every linted file: the recommended rules, as ES modules. The globals depend on where a file runs.
  js.configs.recommended,
  { languageOptions: { sourceType: 'module' } },
  {
    // The page: plain ES modules in the browser.
    files: ['web/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The agents' path worker and the planner worker run as module Web Workers.
    files: ['web/js/agents/path_worker.js', 'web/js/planners/planner_worker.js'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    // The service worker (web/sw.js) is a classic script in its own global scope.
    files: ['web/sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    // Node scripts and tests. The page tests also hand functions to page.evaluate(), which run in
    // the browser, so those files see both sets of globals.
    files: ['tests/web/**/*.mjs', 'bench/node/**/*.mjs', 'bench/page/**/*.mjs', 'scripts/*.mjs', 'eslint.config.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['tests/web/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The engine's npm package runs in browsers, Web Workers and node; its node example in node.
    files: ['packages/engine/**/*.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  {
    files: ['examples/node/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
];
