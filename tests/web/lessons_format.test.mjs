// The lesson validator (web/js/lessons/format.js) in node: every built-in lesson in
// maps/lessons/ passes it and is listed; hostile lessons are refused with a message naming the
// problem and where it is (and nothing but a LessonError is ever thrown, also under fast-check);
// the expectation checks and result placeholders do what docs/lessons.md says; a lesson rides in
// a share link and comes back unchanged. Names come from core's registry (the wasm module).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { loadCore, repoDir } from './support.mjs';
import { LessonError, parseLesson, parseSettings, checkExpect, fillResult, cellsNamed, kLessonLimits } from '../../web/js/lessons/format.js';
import { documentContext } from '../../web/js/document/schema.js';
import { documentLink, readDocumentLink } from '../../web/js/document/encodings.js';
import { summarySentence } from '../../web/js/lessons/check_words.js';

const lessonDir = path.join(process.env.ASTAR_MAPS_DIR || path.join(repoDir, 'maps'), 'lessons');
let names, context;
before(async () => {
  const core = await loadCore();
  context = documentContext(core);
  const r = core.registry();
  names = {
    algorithms: r.algorithms.map((a) => a.name), heuristics: r.heuristics, movements: r.movements.map((m) => m.name),
    statuses: r.statuses.map((s) => s.name), limits: r.limits,
  };
});

const good = () => ({
  title: 'A lesson',
  summary: 'What it shows.',
  steps: [
    { text: 'Step one.', try: [{ id: 'a', label: 'Run A*', actions: [{ algorithm: 'astar' }, { finish: true }], expect: { status: 'found', cost: 3 }, result: 'cost {cost}' }] },
    { text: 'Step two.', try: [{ label: 'Run BFS', actions: [{ algorithm: 'bfs' }, { goal: [2, 1] }, { step: 5 }], expect: { expanded: { gt: 'a', le: 99 } } }] },
    { text: 'No button here.' },
  ],
});

test('every built-in lesson passes the validator and is listed in maps/lessons/index.json', () => {
  const index = JSON.parse(fs.readFileSync(path.join(lessonDir, 'index.json'), 'utf8')).lessons;
  const files = fs.readdirSync(lessonDir).filter((f) => f.endsWith('.lesson.json')).sort();
  assert.ok(files.length >= 6, `at least 6 lessons (found ${files.length})`);
  assert.deepEqual(index.map((l) => l.file).sort(), files, 'index.json lists exactly the lesson files');
  for (const entry of index) {
    const raw = JSON.parse(fs.readFileSync(path.join(lessonDir, entry.file), 'utf8'));
    assert.deepEqual(Object.keys(raw).sort(), ['lesson', 'map', 'settings'], entry.file);
    assert.ok(fs.existsSync(path.join(lessonDir, raw.map)), `${entry.file}: ${raw.map} exists`);
    const lesson = parseLesson(raw.lesson, names);
    assert.equal(lesson.title, entry.title, `${entry.file}: the index has its title`);
    assert.deepEqual(Object.keys(parseSettings(raw.settings, names)).sort(), ['algorithm', 'heuristic', 'portalAware', 'weight', 'wrapAware'],
      `${entry.file}: a built-in lesson gives every setting`);
    const tries = lesson.steps.flatMap((s) => s.tries);
    assert.ok(tries.length >= 3, `${entry.file}: at least 3 "Try this"`);
    for (const t of tries) assert.ok(t.expect, `${entry.file}: "${t.label}" states a result the test can check`);
  }
});

test('a valid lesson is normalized; cells named by actions are listed for the map check', () => {
  const lesson = parseLesson(good(), names);
  assert.equal(lesson.steps.length, 3);
  assert.deepEqual(lesson.steps[0].tries[0].actions, [{ kind: 'algorithm', value: 'astar' }, { kind: 'finish', value: true }]);
  assert.deepEqual(lesson.steps[1].tries[0].expect, { expanded: { gt: 'a', le: 99 } });
  assert.deepEqual(lesson.steps[0].tries[0].expect.cost, { eq: 3 }, 'a bare number means equals');
  assert.deepEqual(lesson.steps[2].tries, []);
  assert.deepEqual(cellsNamed(lesson), [{ where: 'step 2, "Try this" 1, action 2 (goal)', x: 2, y: 1 }]);
});

test('hostile or broken lessons are refused with a message that says what and where', () => {
  const cases = [
    ['not an object', () => 'hello', /must be an object/],
    ['unknown top field', (l) => { l.script = '<b>'; }, /lesson: unknown field "script"/],
    ['no title', (l) => { delete l.title; }, /title: must be text/],
    ['huge title', (l) => { l.title = 'x'.repeat(kLessonLimits.title + 1); }, /title: is too long \(121 characters; at most 120\)/],
    ['huge step text', (l) => { l.steps[0].text = 'y'.repeat(1e6); }, /step 1, text: is too long \(1,000,000 characters/],
    ['control characters', (l) => { l.steps[0].text = 'a\u0007b'; }, /step 1, text: contains control characters/],
    ['too many steps', (l) => { l.steps = Array.from({ length: 1000 }, () => ({ text: 'x' })); }, /steps: has 1000 steps \(at most 12\)/],
    ['no steps', (l) => { l.steps = []; }, /steps: must be a list of at least one step/],
    ['unknown action', (l) => { l.steps[0].try[0].actions.push({ rm: '-rf' }); }, /step 1, "Try this" 1, action 3: unknown action "rm"/],
    ['two actions in one', (l) => { l.steps[0].try[0].actions[0] = { algorithm: 'astar', finish: true }; }, /action 1: must name exactly one action \(it has 2\)/],
    ['unknown algorithm', (l) => { l.steps[0].try[0].actions[0] = { algorithm: 'quantum' }; }, /action 1: algorithm "quantum" is not one of astar/],
    ['weight out of range', (l) => { l.steps[0].try[0].actions[0] = { weight: 0.5 }; }, /weight must be a number from 1 to 1000000/],
    ['weight as text', (l) => { l.steps[0].try[0].actions[0] = { weight: '2' }; }, /weight must be a number/],
    ['too many steps asked', (l) => { l.steps[1].try[0].actions[2] = { step: 1e9 }; }, /step must be a whole number from 1 to 100000/],
    ['bad cell', (l) => { l.steps[1].try[0].actions[1] = { goal: [1, -2] }; }, /goal must be \[x, y\] with whole numbers from 0 to 4095/],
    ['bad movement', (l) => { l.steps[0].try[0].actions[0] = { movement: 'teleport' }; }, /movement "teleport" is not one of never/],
    ['too many actions', (l) => { l.steps[0].try[0].actions = Array.from({ length: 50 }, () => ({ finish: true })); }, /has 50 actions \(at most 12\)/],
    ['too many buttons', (l) => { l.steps[0].try = Array.from({ length: 9 }, () => good().steps[0].try[0]); }, /step 1, try: has 9 buttons \(at most 4\)/],
    ['unknown status', (l) => { l.steps[0].try[0].expect.status = 'maybe'; }, /expect, status: "maybe" is not one of idle/],
    ['unknown measure', (l) => { l.steps[0].try[0].expect.speed = 1; }, /expect: unknown field "speed"/],
    ['reference to a later id', (l) => { l.steps[0].try[0].expect.cost = { eq: 'b' }; }, /refers to "b", which is not the id of an earlier "Try this"/],
    ['duplicate id', (l) => { l.steps[1].try[0].id = 'a'; }, /"a" is used twice/],
    ['empty expectation', (l) => { l.steps[0].try[0].expect = {}; }, /expect: states nothing to check/],
    ['infinite bound', (l) => { l.steps[0].try[0].expect.cost = { lt: Infinity }; }, /lt must be a finite number/],
    ['unknown placeholder', (l) => { l.steps[0].try[0].result = 'took {time}'; }, /unknown placeholder \{time\}/],
    ['stray brace', (l) => { l.steps[0].try[0].result = 'a } b'; }, /brace that is not a placeholder/],
    ['__proto__ key', () => JSON.parse('{"title":"t","steps":[{"text":"x"}],"__proto__":{"polluted":1}}'), /unknown field "__proto__"/],
  ];
  for (const [name, mutate, pattern] of cases) {
    const lesson = good();
    const out = mutate(lesson);
    assert.throws(() => parseLesson(out === undefined ? lesson : out, names),
      (e) => e instanceof LessonError && pattern.test(e.message), `${name}: expected ${pattern}`);
  }
  assert.equal({}.polluted, undefined, 'no prototype was changed');
});

test('lesson settings are checked strictly (unlike a plain share link)', () => {
  assert.deepEqual(parseSettings({ algorithm: 'jps', weight: 2 }, names), { algorithm: 'jps', weight: 2 });
  assert.deepEqual(parseSettings(undefined, names), {});
  assert.throws(() => parseSettings({ algorithm: 'nope' }, names), /settings, algorithm: "nope" is not one of/);
  assert.throws(() => parseSettings({ colour: 'red' }, names), /settings: unknown field "colour"/);
  assert.throws(() => parseSettings([], names), /settings: must be an object/);
});

test('expectations: numbers, references to earlier results, tolerance, and a reference not yet run', () => {
  const earlier = new Map([['a', { cost: 10, expanded: 50 }]]);
  const result = { status: 'found', admissible: false, cost: 10 + 1e-12, expanded: 20, generated: 0, maxOpen: 0, pathCells: 11 };
  const checks = checkExpect({ status: 'found', admissible: false, cost: { eq: 'a' }, expanded: { lt: 'a', gt: 19 }, pathCells: { eq: 12 } }, result, earlier);
  assert.deepEqual(checks.map((c) => c.ok), [true, true, true, true, true, false]);
  assert.equal(checks[5].text, '11 cells on the path; the lesson says 12 cells on the path.');
  assert.equal(checks[0].text, 'The search found a path, as the text says.');
  assert.equal(checkExpect({ status: 'found' }, { ...result, label: 'A*' })[0].text, 'A* found a path, as the text says.');
  assert.equal(checks[3].text, '20 cells expanded, fewer than “a” (50), as the text says.');
  assert.equal(checkExpect({ cost: { eq: 'a' } }, result, earlier, new Map([['a', 'Run A*']]))[0].text,
    'Path cost 10, the same as “Run A*” (10), as the text says.');
  assert.equal(summarySentence(checks.slice(0, 5), 'A*'), 'The search found a path: the heuristic may overestimate here, ' +
    'path cost 10, the same as “a” (10), 20 cells expanded, fewer than “a” (50) and more than 19, as the text says.');
  assert.equal(summarySentence(checks, 'A*'), '', 'no summary when a claim differs');
  assert.match(checkExpect({ expanded: { lt: 'zzz' } }, result, earlier)[0].text, /^Run “zzz” first/);
  assert.deepEqual(checkExpect({ expanded: { lt: 'zzz' } }, result, earlier).map((c) => c.ok), [null]);
  assert.deepEqual(checkExpect({ cost: { lt: 10 } }, { cost: 10 + 1e-12 }).map((c) => c.ok), [false], 'within the tolerance is not less');
  assert.deepEqual(checkExpect({ cost: { le: 10 } }, { cost: 10 + 1e-12 }).map((c) => c.ok), [true]);
  assert.deepEqual(checkExpect(null, result), []);
  assert.equal(fillResult('cost {cost}, {expanded} expanded, {status}', { cost: 24.627417, expanded: 9, status: 'found' }),
    'cost 24.6274, 9 expanded, found');
});

test('a lesson rides in a share link and comes back unchanged', async () => {
  const map = 'astar-map 1\nsize: 3 x 2\nterrain: . 1\ngrid:\n...\n...\n';
  const { document: back } = await readDocumentLink(await documentLink({ map, settings: { algorithm: 'bfs' }, lesson: { file: '', step: 1, lesson: good() } }), context);
  assert.equal(back.map, map);
  assert.deepEqual(back.settings, { algorithm: 'bfs' });
  assert.equal(back.lesson.step, 1);
  assert.deepEqual(back.lesson.raw, good());
  assert.deepEqual(back.lesson.lesson, parseLesson(good(), names));
  const { document: plain } = await readDocumentLink(await documentLink({ map, settings: {}, lesson: null }), context);
  assert.equal(plain.lesson, null, 'a plain share link has no lesson');
});

// Any JSON, and valid lessons with one part replaced by anything: a normalized lesson or a
// LessonError with a message, nothing else, and quickly.
test('fuzz: the validator only ever returns a lesson or throws a LessonError', () => {
  const check = (value) => {
    const t0 = performance.now();
    try {
      const lesson = parseLesson(value, names);
      assert.ok(lesson.steps.length >= 1 && lesson.steps.length <= kLessonLimits.steps);
    } catch (e) {
      if (!(e instanceof LessonError)) throw new Error(`not a LessonError: ${e?.stack ?? e}`, { cause: e });
      assert.ok(e.message.trim().length > 0);
    }
    assert.ok(performance.now() - t0 < 1000, 'validation took over a second');
  };
  fc.assert(fc.property(fc.jsonValue(), check), { numRuns: 3000, seed: 14 });
  const paths = [];
  const walk = (v, at) => {
    paths.push(at);
    if (v && typeof v === 'object') for (const k of Object.keys(v)) walk(v[k], [...at, k]);
  };
  walk(good(), []);
  const mutated = fc.tuple(fc.constantFrom(...paths.filter((p) => p.length)), fc.jsonValue()).map(([at, value]) => {
    const lesson = good();
    let o = lesson;
    for (const k of at.slice(0, -1)) o = o[k];
    o[at[at.length - 1]] = value;
    return lesson;
  });
  fc.assert(fc.property(mutated, check), { numRuns: 3000, seed: 14 });
});
