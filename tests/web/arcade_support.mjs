// Helpers of the arcade, embed and export browser tests.

// The agents' string-pulled and smoothed path views draw over the search's path: pixel checks
// turn them off to see the path itself.
export async function hidePathViews(page) {
  for (const name of ['pulled', 'smooth']) {
    if (await page.$(`#agents-view-${name}`)) await page.uncheck(`#agents-view-${name}`);
  }
}
