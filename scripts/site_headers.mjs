// The HTTP headers the playground is served with, in one table: the development server
// (scripts/serve.mjs) sends them, and a static host gets the same table as a `_headers` file
// (Netlify / Cloudflare Pages format, `headersFile()`), so the tests run under production's policy.
//
// Rules are matched by path like a `_headers` file: every rule whose pattern matches applies,
// and a header named by two rules gets both values joined by ", " (what those hosts do). For
// Content-Security-Policy a comma separates whole policies, and the browser enforces each one:
// the full playground's extra policy adds `frame-ancestors 'self'` to the common one.
//
// Framing: only the embed page (embed.html, a copy of index.html that always shows the embed,
// web/js/embed.js) may be framed by other origins, so course pages can show it; the full
// playground (`/`, `/index.html`, `index.html?embed` included: a host matches paths, not
// queries) may be framed only by itself, so no other site can dress it up (clickjacking).

// The page runs only its own files: scripts and styles from files (nothing inline, no eval;
// 'wasm-unsafe-eval' lets the engine's wasm compile), maps and the engine fetched from the same
// origin, pictures and videos from blob: URLs, the favicon a data: URL.
const kContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** @type {Array<{ path: string, headers: Record<string, string> }>} */
export const kHeaderRules = [
  {
    path: '/*',
    headers: {
      'Content-Security-Policy': kContentSecurityPolicy,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      // Always revalidate (a 304 when unchanged): no file name carries a hash, so no file can be
      // cached for long without a deploy reaching visitors late. Repeat visits cost no request
      // anyway: the service worker (web/sw.js) keeps the whole build, named by its content hash.
      'Cache-Control': 'no-cache',
    },
  },
  // Hosts that guess the type from an older table send wasm as octet-stream, and browsers then
  // refuse to compile it while streaming.
  { path: '/*.wasm', headers: { 'Content-Type': 'application/wasm' } },
  { path: '/', headers: { 'Content-Security-Policy': "frame-ancestors 'self'" } },
  { path: '/index.html', headers: { 'Content-Security-Policy': "frame-ancestors 'self'" } },
];

// A `_headers` pattern: exact, or with one `*` (a splat: any run of characters, `/` included).
function matches(pattern, pathname) {
  const star = pattern.indexOf('*');
  if (star < 0) return pathname === pattern;
  const head = pattern.slice(0, star), tail = pattern.slice(star + 1);
  return pathname.length >= head.length + tail.length && pathname.startsWith(head) && pathname.endsWith(tail);
}

// The headers for a request path (no query: hosts match paths only).
export function headersFor(pathname) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const rule of kHeaderRules) {
    if (!matches(rule.path, pathname)) continue;
    for (const [name, value] of Object.entries(rule.headers)) out[name] = out[name] ? `${out[name]}, ${value}` : value;
  }
  return out;
}

// The table as a `_headers` file: a path line, then its headers indented.
export function headersFile() {
  return kHeaderRules.map((rule) => [rule.path, ...Object.entries(rule.headers).map(([n, v]) => `  ${n}: ${v}`)].join('\n')).join('\n') + '\n';
}
