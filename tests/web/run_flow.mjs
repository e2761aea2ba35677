// Runs one of the shared flows (flows.mjs) in one engine (engines.mjs); ctest runs it as
// web.flow.<engine>.<flow>.   node tests/web/run_flow.mjs <chromium|firefox|webkit> <flow>
// Exit 0: passed; 1: failed; a line "ASTAR_SKIP: ..." and exit 0 when the engine cannot start here.
import { kFlows } from './flows.mjs';
import { openEngine, kEngines } from './engines.mjs';

const [engine, name] = process.argv.slice(2);
const flow = kFlows.get(name);
if (!kEngines.includes(engine) || !flow) {
  console.error(`usage: run_flow.mjs <${kEngines.join('|')}> <${[...kFlows.keys()].join('|')}>`);
  process.exit(2);
}

const started = Date.now();
let session;
try {
  session = await openEngine(engine, flow.open);
  if (session.skip) {
    console.log(`ASTAR_SKIP: ${engine}: ${session.skip}`);
    process.exit(0);
  }
  await flow.run(session);
  const errors = await session.errors();
  if (errors.length) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
  console.log(`ok: ${engine} ${name}: ${flow.what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
} catch (e) {
  console.error(`FAILED: ${engine} ${name}: ${flow.what}\n${e.stack ?? e}`);
  process.exitCode = 1;
} finally {
  await session?.close?.();
}
