// Runs the shared flows (flows.mjs) in one engine (engines.mjs), started once for all of them:
// each flow gets a fresh page with its own storage. ctest runs it as web.flows.<engine>.
//   node tests/web/run_flow.mjs <chromium|firefox|webkit> [flow ...]   (no flow: every flow)
// Exit 0: every flow passed; 1: one or more failed (each is reported, the rest still run);
// a line "ASTAR_SKIP: ..." and exit 0 when the engine cannot start here.
import { kFlows } from './flows.mjs';
import { launchEngine, kEngines } from './engines.mjs';

const [engine, ...names] = process.argv.slice(2);
const unknown = names.filter((n) => !kFlows.has(n));
if (!kEngines.includes(engine) || unknown.length) {
  console.error(`usage: run_flow.mjs <${kEngines.join('|')}> [${[...kFlows.keys()].join('|')} ...]`);
  process.exit(2);
}

const started = Date.now();
const failed = [];
let launched;
try {
  for (const name of names.length ? names : [...kFlows.keys()]) {
    const flow = kFlows.get(name), t0 = Date.now();
    if (launched && !launched.usable()) {
      await launched.quit();
      launched = undefined;
    }
    launched ??= await launchEngine(engine);
    if (launched.skip) {
      console.log(`ASTAR_SKIP: ${engine}: ${launched.skip}`);
      process.exit(0);
    }
    let session, broken = false;
    try {
      session = await launched.open(flow.open);
      await flow.run(session);
      const errors = await session.errors();
      if (errors.length) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
      console.log(`ok: ${engine} ${name}: ${flow.what} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (e) {
      console.error(`FAILED: ${engine} ${name}: ${flow.what}\n${e.stack ?? e}`);
      failed.push(name);
      broken = true;
    } finally {
      await session?.close?.();
    }
    if (broken) {  // a failed flow may leave its engine in any state: the next flow gets a new one
      await launched.quit();
      launched = undefined;
    }
  }
} finally {
  await launched?.quit?.();
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failed.length) {
  console.error(`${engine}: ${failed.length} flow(s) failed: ${failed.join(', ')} (${seconds} s)`);
  process.exitCode = 1;
} else {
  console.log(`${engine}: every flow passed (${seconds} s)`);
}
