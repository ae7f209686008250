import type { BrowserContextOptions, Page } from 'playwright-core';
import { EMBEDDED_SEARCH } from '@/lib/search/config';
import { baseUrl, type setupBrowser } from './browser';

type Open = ReturnType<typeof setupBrowser>['open'];

/** Opens `path` and the search dialog with Ctrl+K; resolves once its input is there. */
export async function openSearch(open: Open, path = '/', options: BrowserContextOptions = {}) {
  const page = await open(path, options);
  await page.keyboard.press('Control+k');
  const dialog = page.locator('dialog[data-slot="search-dialog"][open]');
  const input = dialog.locator('input');
  await input.waitFor();
  return { page, dialog, input };
}

export const hits = (page: Page) => page.locator('[data-slot="search-hit"]');
export const hitPaths = (page: Page) =>
  hits(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-path')));
export const isDialogOpen = (page: Page) =>
  page.locator('dialog[data-slot="search-dialog"][open]').count();

/** The paths the embedded service answers for `query`, asked directly. */
export async function servicePaths(query: string): Promise<string[]> {
  const credentials = `x-algolia-application-id=${EMBEDDED_SEARCH.appId}&x-algolia-api-key=${EMBEDDED_SEARCH.apiKey}`;
  const response = await fetch(
    `${baseUrl}${EMBEDDED_SEARCH.path}/1/indexes/*/queries?${credentials}`,
    {
      method: 'POST',
      body: JSON.stringify({
        requests: [{ indexName: EMBEDDED_SEARCH.indexName, query, hitsPerPage: 5 }],
      }),
    },
  );
  const { results } = (await response.json()) as { results: { hits: { path: string }[] }[] };
  return results[0]!.hits.map((hit) => hit.path);
}
