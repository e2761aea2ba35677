// Every link 0.2.0 made still opens as it did: tests/web/fixtures/links_0_2_0.json holds share
// and lesson links made by the 0.2.0 page's own buttons (make_links_0_2_0.mjs), each with the
// document the 0.2.0 page showed after opening it in a fresh browser. Today's page must show
// the same one: map text, start, goals, settings, race, lab and the lesson (title, steps, step).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withPage, documentVersion1 } from './support.mjs';

const fixtures = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'links_0_2_0.json'), 'utf8'));


test('0.2.0 links: the fixture set covers what a 0.2.0 link can hold', () => {
  assert.equal(fixtures.version, '0.2.0');
  const docs = fixtures.links.map((l) => l.document);
  assert.ok(docs.some((d) => d.race), 'race');
  assert.ok(docs.some((d) => d.lab?.method === 'ga') && docs.some((d) => d.lab?.method === 'aco'), 'lab: both methods');
  assert.ok(docs.some((d) => d.lesson), 'a lesson');
  assert.ok(docs.some((d) => d.goals.length > 1), 'several goals');
  assert.ok(docs.some((d) => /portal:/.test(d.map) && /cells: hex/.test(docs.map((x) => x.map).join())), 'portals and hex cells');
  assert.ok(docs.some((d) => d.settings.weight !== 1.5 && !d.settings.wrapAware && !d.settings.portalAware), 'every setting changed');
});

for (const link of fixtures.links) {
  test(`0.2.0 link "${link.name}" opens with the document 0.2.0 opened`, async () => {
    await withPage({ hash: link.fragment }, async ({ page }) => {
      await page.waitForTimeout(100);
      // 0.2.0 moved one-cell agents: today's page shows that size (core's smallest).
      const minAgentSize = await page.evaluate(() => window.playground.engine.registry.limits.minAgentSize);
      const expected = { ...link.document, settings: { ...link.document.settings, agentSize: minAgentSize } };
      assert.deepEqual(await documentVersion1(page), expected);
      assert.equal(await page.evaluate(() => location.hash), '', 'the link leaves the address bar once open');
      assert.equal(await page.isHidden('#kept-notice'), true, 'a fresh browser had nothing to keep');
    });
  });
}
