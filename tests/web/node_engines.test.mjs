// The Node.js that runs the project's JavaScript (scripts/node, chosen by scripts/node_env.sh):
// it is the version package.json pins, or newer, and it satisfies the `engines` field of every
// npm package installed in node_modules (read from each package.json, nested ones included).
// On Debian 12's own Node 18 the browser tests, ESLint and the version tests failed; this is
// the check that says why at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import semver from 'semver';
import { repoDir } from './support.mjs';

const projectPackage = JSON.parse(fs.readFileSync(path.join(repoDir, 'package.json'), 'utf8'));
const pinned = /^>=(\d+\.\d+\.\d+)$/.exec(projectPackage.engines?.node ?? '')?.[1];

test('package.json pins one Node.js version, as ">=X.Y.Z"', () => {
  assert.ok(pinned, `package.json engines.node is "${projectPackage.engines?.node}", expected ">=X.Y.Z"`);
});

test('the node running the tests is the pinned version or newer', () => {
  assert.ok(semver.gte(process.version, pinned), `node ${process.version} is older than the pinned ${pinned}`);
});

test('scripts/node runs the same node as this test', () => {
  const chosen = execFileSync(path.join(repoDir, 'scripts/node'), ['-p', 'process.execPath'], { encoding: 'utf8' }).trim();
  assert.equal(fs.realpathSync(chosen), fs.realpathSync(process.execPath));
});

// Every package.json under a node_modules folder: name/package.json and @scope/name/package.json,
// and the node_modules folders nested inside them.
function installedPackages(nodeModules) {
  const found = [];
  const visit = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        visit(full);
        continue;
      }
      const manifest = path.join(full, 'package.json');
      if (fs.existsSync(manifest)) found.push(manifest);
      const nested = path.join(full, 'node_modules');
      if (fs.existsSync(nested)) visit(nested);
    }
  };
  visit(nodeModules);
  return found;
}

test('this node satisfies the engines field of every installed npm package', () => {
  const nodeModules = path.join(repoDir, 'node_modules');
  assert.ok(fs.existsSync(nodeModules), 'node_modules is missing: scripts/setup.sh test runs npm ci');
  const manifests = installedPackages(nodeModules);
  // The lock file's direct dependencies, at least, are there.
  assert.ok(manifests.length >= Object.keys(projectPackage.devDependencies).length, `only ${manifests.length} packages found`);
  const unsatisfied = [];
  let checked = 0;
  for (const manifest of manifests) {
    const { name, version, engines } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    const range = engines?.node;
    if (typeof range !== 'string') continue;
    checked += 1;
    if (!semver.satisfies(process.version, range)) unsatisfied.push(`${name}@${version} wants node ${range}`);
  }
  assert.ok(checked > 0, 'no installed package declares engines.node');
  assert.deepEqual(unsatisfied, [], `node ${process.version} does not satisfy: ${unsatisfied.join('; ')}`);
  console.log(`node ${process.version} satisfies engines.node of ${checked} of ${manifests.length} installed packages`);
});

test('the check itself: an engines range this node does not satisfy is caught', () => {
  // Debian 12's Node 18 against ESLint 10's range, the failure this test exists for.
  assert.equal(semver.satisfies('v18.20.4', '^20.19.0 || ^22.13.0 || >=24'), false);
  assert.equal(semver.satisfies(process.version, `<${semver.major(process.version)}`), false);
});
