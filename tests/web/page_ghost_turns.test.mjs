// The ghost chase's turn-aware controls in the page (web/js/agents/turn_panel.js), by real
// input: the turn cost and "ghosts never reverse" reach the running chase's planner, a bad turn
// cost is refused with core's message and the field goes back, and the ghosts' headings are
// shown by the registry's direction names once they move.
// Reports ASTAR_SKIP when the page was built without the agents or web/turn_bindings.cpp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './support.mjs';

test('turn cost and no-reverse controls drive the ghosts\' turn-aware search', async (t) => {
  await withPage({}, async ({ page }) => {
    const linked = await page.evaluate(() => typeof window.playground.engine.core.TurnPlanner === 'function' &&
      typeof window.playground.engine.core.AgentWorld === 'function');
    if (!linked) {
      console.log('ASTAR_SKIP: the page has no TurnPlanner or agents (web/turn_bindings.cpp, web/agents_bindings.cpp)');
      return t.skip('no turn-aware ghosts in this build');
    }
    await page.waitForFunction(() => !!window.playground.modules.agents, null, { timeout: 10000 });
    await page.click('#agents-chase');
    const planner = () => page.evaluate(() => ({ cost: window.playground.modules.agents.chase.planner.turnCost(), noReverse: window.playground.modules.agents.chase.planner.noReverse() }));
    assert.deepEqual(await planner(), { cost: 0, noReverse: true }, 'the defaults: no turn cost, never reverse');
    await page.fill('#agents-turn-cost', '1.5');
    await page.press('#agents-turn-cost', 'Enter');
    await page.locator('#agents-turn-cost').blur();
    await page.uncheck('#agents-no-reverse');
    assert.deepEqual(await planner(), { cost: 1.5, noReverse: false });
    await page.check('#agents-no-reverse');
    await page.fill('#agents-turn-cost', '-1');
    await page.locator('#agents-turn-cost').blur();
    await page.waitForFunction(() => /turn cost must be a number from 0/.test(document.body.innerText), null, { timeout: 5000 });
    assert.equal(await page.inputValue('#agents-turn-cost'), '1.5', 'the refused value is undone');
    assert.deepEqual(await planner(), { cost: 1.5, noReverse: true });
    // Headings by name: wait until every ghost has left the house and moved.
    await page.waitForFunction(() => window.playground.modules.agents.chase.ghosts.every((g) => g.heading >= 0), null, { timeout: 15000 });
    await page.waitForFunction(() => /^Headings: (N|E|S|W) (N|E|S|W) (N|E|S|W) (N|E|S|W)$/.test(document.getElementById('agents-ghost-headings').textContent),
      null, { timeout: 5000 });
    const names = await page.evaluate(() => window.playground.engine.registry.directions.map((d) => d.name));
    const shown = (await page.textContent('#agents-ghost-headings')).replace('Headings: ', '').split(' ');
    for (const name of shown) assert.ok(names.includes(name), `${name} is a registry direction name`);
    await page.click('#agents-chase');  // stop
  });
});
