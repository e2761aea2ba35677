// Wall-clock figures of the page (the longest task, a seek's time, input lag, first paint) are
// measured where a test exercises them, but no test passes or fails on them: another process on
// the machine can stretch any of them. Tests assert what the page's code controls (work sliced,
// counted in work units); the figures go to `make bench-page` (bench/page/run.mjs), which runs the
// tests that record them with ASTAR_PAGE_FIGURES set and prints them beside the machine's load.
import fs from 'node:fs';
import os from 'node:os';

// Records one figure: its name, value in ms and the budget it is held to (the project's 200 ms
// for a task, or what the issue states). Logged always; appended as a JSON line to the file named
// by ASTAR_PAGE_FIGURES when set.
export function pageFigure(name, ms, budgetMs) {
  const load = os.loadavg()[0];
  const over = Number.isFinite(budgetMs) && ms > budgetMs;
  console.log(`figure: ${name}: ${ms.toFixed(1)} ms (budget ${budgetMs} ms${over ? ', OVER' : ''}; load ${load.toFixed(1)} on ${os.cpus().length} cores)`);
  const file = process.env.ASTAR_PAGE_FIGURES;
  if (file) fs.appendFileSync(file, `${JSON.stringify({ name, ms, budgetMs, load, cores: os.cpus().length, at: new Date().toISOString() })}\n`);
}
