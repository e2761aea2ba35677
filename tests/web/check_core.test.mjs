// scripts/check_core.mjs: core/ passes (every header named after its source, public headers
// include only public headers of linked targets, links point one way), and the check fails on
// each kind of problem it is meant to catch, fed a small tree of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkCore, readTargets } from '../../scripts/check_core.mjs';

const repo = path.resolve(import.meta.dirname, '../..');

const kLibraries = [
  'astar_library(core search)',
  'astar_library(formats formats astar_core)',
  'astar_library(agents agents astar_core)',
  '',
].join('\n');

// A good tree: a public header with its .cpp, one split into parts, a header-only one, an
// internal header with its .cpp and an <x>_impl.h beside x's sources.
const kGood = {
  'core/libraries.cmake': kLibraries,
  'core/search/include/astar/grid.h': '// Grid.\n#pragma once\n#include <vector>\n',
  'core/search/src/grid.cpp': '#include "astar/grid.h"\n#include "grid_geometry.h"\n',
  'core/search/src/grid_geometry.h': '// Geometry. Header-only: inline.\n#pragma once\n#include "astar/grid.h"\n',
  'core/search/include/astar/search.h': '// Search.\n#pragma once\n#include "astar/grid.h"\n#include "astar/version.h"\n',
  'core/search/src/search_impl.h': '// Search state.\n#pragma once\n#include "astar/search.h"\n',
  'core/search/src/search_loop.cpp': '#include "search_impl.h"\n',
  'core/search/src/search_inspect.cpp': '#include "search_impl.h"\n',
  'core/formats/include/astar/formats.h': '// Formats.\n#pragma once\n#include "astar/grid.h"\n',
  'core/formats/src/formats.cpp': '#include "astar/formats.h"\n#include "astar/search.h"\n',
  'core/agents/include/astar/flow_field.h': '// Flow field.\n#pragma once\n#include "astar/grid.h"\n',
  'core/agents/src/flow_field.cpp': '#include "astar/flow_field.h"\n',
};

function tree(changes = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-core-'));
  for (const [name, text] of Object.entries({ ...kGood, ...changes })) {
    if (text === null) continue;  // removed from the good tree
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test('core/ passes, and its targets are the four of core/libraries.cmake', () => {
  assert.deepEqual(checkCore(repo), []);
  assert.deepEqual(readTargets(repo).map((t) => `${t.name}:${t.folder}:${t.deps.join(',')}`),
    ['core:search:', 'formats:formats:core', 'lab:lab:core', 'agents:agents:core']);
});

test('the good fixture passes', () => {
  assert.deepEqual(checkCore(tree()), []);
});

test('a header with no .cpp of its name (and not Header-only) fails, public or internal', () => {
  const problems = checkCore(tree({
    'core/formats/src/formats.cpp': null,
    'core/formats/src/format_text.cpp': '#include "astar/formats.h"\n',  // not formats.cpp nor formats_<part>.cpp
    'core/search/src/grid_geometry.h': '// Geometry, inline.\n#pragma once\n',  // no longer says Header-only
    'core/search/src/search_loop.cpp': null,  // search.h and search_impl.h keep search_inspect.cpp
  }));
  assert.deepEqual(problems, [
    'core/search/src/grid_geometry.h: no grid_geometry.cpp or grid_geometry_<part>.cpp in core/search/src, and its opening comment does not say Header-only',
    'core/formats/include/astar/formats.h: no formats.cpp or formats_<part>.cpp in core/formats/src, and its opening comment does not say Header-only',
  ]);
});

test('genetic.h with only genetic_path.cpp passes (a part), with ga.cpp fails', () => {
  const lab = {
    'core/libraries.cmake': kLibraries + 'astar_library(lab lab astar_core)\n',
    'core/lab/include/astar/genetic.h': '// GA.\n#pragma once\n',
  };
  assert.deepEqual(checkCore(tree({ ...lab, 'core/lab/src/genetic_path.cpp': '#include "astar/genetic.h"\n' })), []);
  const problems = checkCore(tree({ ...lab, 'core/lab/src/ga.cpp': '#include "astar/genetic.h"\n' }));
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /^core\/lab\/include\/astar\/genetic\.h: no genetic\.cpp/);
});

test('a public header that includes from src/ or a bare name fails', () => {
  const problems = checkCore(tree({
    'core/search/include/astar/search.h': '// Search.\n#pragma once\n#include "astar/grid.h"\n#include "search_impl.h"\n#include "../src/grid_geometry.h"\n',
  }));
  assert.deepEqual(problems, [
    'core/search/include/astar/search.h:4: a public header includes "search_impl.h", which is not a public header (astar/...)',
    'core/search/include/astar/search.h:5: a public header includes "../src/grid_geometry.h", which is not a public header (astar/...)',
  ]);
});

test('an astar/ include of a header that is not public, or of a target not linked, fails', () => {
  const problems = checkCore(tree({
    'core/search/src/grid.cpp': '#include "astar/grid.h"\n#include "astar/formats.h"\n',  // core does not link formats
    'core/agents/include/astar/flow_field.h': '// Flow field.\n#pragma once\n#include <astar/grid_geometry.h>\n',
    'core/formats/src/formats.cpp': '#include "astar/formats.h"\n#include "search_impl.h"\n',  // another target's internal header
  }));
  assert.deepEqual(problems, [
    'core/search/src/grid.cpp:2: includes "astar/formats.h" of formats, which core does not link',
    'core/formats/src/formats.cpp:2: includes "search_impl.h", which is not in core/formats/src',
    'core/agents/include/astar/flow_field.h:3: includes "astar/grid_geometry.h", which is no public header',
  ]);
});

test('a cycle of links between targets fails', () => {
  const problems = checkCore(tree({
    'core/libraries.cmake': 'astar_library(core search astar_agents)\nastar_library(formats formats astar_core)\nastar_library(agents agents astar_core)\n',
  }));
  assert.ok(problems.some((p) => /core is on a cycle of links/.test(p)), problems.join('\n'));
  assert.ok(problems.some((p) => /agents is on a cycle of links/.test(p)), problems.join('\n'));
});
