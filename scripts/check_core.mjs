// Structure checks of the C++ library (core/), run by `make lint` (so by `make test`) beside
// check_web.mjs. The targets and what each links are read from core/libraries.cmake's
// `astar_library(<name> <folder> [astar_<dep>...])` lines; each folder holds
// include/astar/*.h (public) and src/ (sources and internal headers).
//  1. Every header is named after its source (CONTRIBUTING.md, "Layout"): <name>.h is
//     implemented in its target's src/<name>.cpp or src/<name>_<part>.cpp; an internal
//     <name>_impl.h (the private state of <name>.h, shared by its sources) counts as <name>.h. A
//     header with no source of its name (types, constants, inline code and templates only) says
//     "Header-only" in its opening comment.
//  2. A public header includes only public headers ("astar/x.h") of its own target or of a
//     target it links (and astar/version.h, generated): never from src/, never a bare "x.h".
//  3. A source or internal header includes public headers of its own target or of the targets
//     it links, and internal headers of its own src/ only: dependencies point one way.
//  4. No target links itself back through another (no cycle between targets).
// Usage: node scripts/check_core.mjs [repo]   (default: this checkout); exit 1 and one line per problem.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const kGenerated = new Set(['version.h']);  // configured into the build tree (core/search/version.h.in)

// [{ name, folder, deps: [name] }] from core/libraries.cmake.
export function readTargets(root) {
  const text = fs.readFileSync(path.join(root, 'core/libraries.cmake'), 'utf8');
  const targets = [];
  for (const m of text.matchAll(/^astar_library\(\s*(\w+)\s+(\w+)((?:\s+astar_\w+)*)\s*\)/gm)) {
    const deps = m[3].trim() ? m[3].trim().split(/\s+/).map((d) => d.replace(/^astar_/, '')) : [];
    targets.push({ name: m[1], folder: m[2], deps });
  }
  return targets;
}

function listFiles(dir, test) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => test(f)).sort();
}

// The quoted and angle includes of a file: [{ line, spec, quoted }].
function includesOf(text) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    const m = /^\s*#\s*include\s*([<"])([^>"]+)[>"]/.exec(line);
    if (m) out.push({ line: i + 1, spec: m[2], quoted: m[1] === '"' });
  });
  return out;
}

// The comment lines before the first line of code.
function openingComment(text) {
  const lines = [];
  for (const line of text.split('\n')) {
    if (!/^\s*(\/\/|$)/.test(line)) break;
    lines.push(line);
  }
  return lines.join('\n');
}

// Targets reachable from `name` through links (itself included); null on a cycle.
function closure(byName, name, seen = new Set(), stack = new Set()) {
  if (stack.has(name)) return null;
  if (seen.has(name)) return seen;
  stack.add(name);
  seen.add(name);
  for (const dep of byName.get(name)?.deps ?? []) {
    if (closure(byName, dep, seen, stack) === null) return null;
  }
  stack.delete(name);
  return seen;
}

export function checkCore(root) {
  const problems = [];
  const targets = readTargets(root);
  if (targets.length === 0) return ['core/libraries.cmake: no astar_library(...) line'];
  const byName = new Map(targets.map((t) => [t.name, t]));
  const publicOf = new Map();  // header file name -> target name
  for (const t of targets) {
    for (const h of listFiles(path.join(root, 'core', t.folder, 'include/astar'), (f) => f.endsWith('.h'))) {
      if (publicOf.has(h)) problems.push(`core/${t.folder}/include/astar/${h}: also public in ${publicOf.get(h)}`);
      publicOf.set(h, t.name);
    }
  }

  for (const t of targets) {
    for (const dep of t.deps) {
      if (!byName.has(dep)) problems.push(`core/libraries.cmake: ${t.name} links astar_${dep}, which is no library target`);
    }
    const reach = closure(byName, t.name);
    if (reach === null) {
      problems.push(`core/libraries.cmake: ${t.name} is on a cycle of links`);
      continue;
    }
    const base = path.join('core', t.folder);
    const src = path.join(root, base, 'src');
    const sources = listFiles(src, (f) => f.endsWith('.cpp'));
    const internal = new Set(listFiles(src, (f) => f.endsWith('.h')));
    const headers = [
      ...listFiles(path.join(root, base, 'include/astar'), (f) => f.endsWith('.h')).map((f) => ({ rel: `${base}/include/astar/${f}`, name: f, isPublic: true })),
      ...[...internal].map((f) => ({ rel: `${base}/src/${f}`, name: f, isPublic: false })),
    ];

    // 1. named after its source
    for (const h of headers) {
      const stem = h.isPublic ? h.name.slice(0, -2) : h.name.slice(0, -2).replace(/_impl$/, '');
      const named = sources.some((c) => c === `${stem}.cpp` || (c.startsWith(`${stem}_`) && c.endsWith('.cpp')));
      if (named) continue;
      const text = fs.readFileSync(path.join(root, h.rel), 'utf8');
      if (!/\bHeader-only\b/.test(openingComment(text))) {
        problems.push(`${h.rel}: no ${stem}.cpp or ${stem}_<part>.cpp in ${base}/src, and its opening comment does not say Header-only`);
      }
    }

    // 2 and 3. what each file includes
    const files = [...headers, ...sources.map((f) => ({ rel: `${base}/src/${f}`, name: f, isPublic: false }))];
    for (const f of files) {
      const text = fs.readFileSync(path.join(root, f.rel), 'utf8');
      for (const inc of includesOf(text)) {
        const where = `${f.rel}:${inc.line}`;
        if (inc.spec.startsWith('astar/')) {
          const name = inc.spec.slice('astar/'.length);
          if (kGenerated.has(name)) continue;
          const owner = publicOf.get(name);
          if (owner === undefined) problems.push(`${where}: includes "${inc.spec}", which is no public header`);
          else if (!reach.has(owner)) problems.push(`${where}: includes "${inc.spec}" of ${owner}, which ${t.name} does not link`);
        } else if (inc.quoted) {
          if (f.isPublic) problems.push(`${where}: a public header includes "${inc.spec}", which is not a public header (astar/...)`);
          else if (!internal.has(inc.spec)) problems.push(`${where}: includes "${inc.spec}", which is not in ${base}/src`);
        }
      }
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = checkCore(root);
  for (const p of problems) console.log(p);
  if (problems.length === 0) {
    const names = readTargets(root).map((t) => t.name).join(', ');
    console.log(`check_core: targets ${names}; every header named after its source, public headers include only public headers of linked targets, no cycle`);
  }
  process.exit(problems.length ? 1 : 0);
}
