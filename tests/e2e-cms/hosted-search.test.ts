import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { setupBrowser } from '../e2e/browser';
import { hostedSearchEnv, startHostedSearchStandIn } from '../support/hosted-search';

const siteUrl = inject('hostedSearchBaseUrl');
const { open } = setupBrowser();

const highlighted = (value: string) => ({ value, matchLevel: 'partial', matchedWords: [] });
const record = (path: string, page: string, section: string, content: string) => ({
  objectID: `section:${path}`,
  title: `${page} | Kestrel Pay`,
  url: `https://docs.kestrelpay.com${path}`,
  path,
  hierarchy: ['Core Resources', page, section],
  type: 'section',
  content,
});

/** What an index holds beside the current records: older ones, other highlighted attributes. */
const hits = [
  {
    ...record('/resources/refunds#create-a-refund', 'Refunds', 'Create a refund', 'Refunds it.'),
    _highlightResult: {
      title: highlighted('<mark>Refunds</mark> | Kestrel Pay'),
      hierarchy: ['Core Resources', '<mark>Refunds</mark>', 'Create a <mark>refund</mark>'].map(
        highlighted,
      ),
      content: highlighted('<mark>Refunds</mark> it.'),
    },
  },
  // Highlights for the title only: no `hierarchy`, no `content`.
  {
    ...record('/resources/charges#list-charges', 'Charges', 'Partial refunds', 'Part of it.'),
    _highlightResult: { title: highlighted('Charges | Kestrel Pay') },
  },
  record('/pagination#cursors', 'Pagination', 'Cursors', 'Pass starting_after.'),
  { objectID: 'legacy', url: 'https://docs.kestrelpay.com/errors#error-codes', title: 'Errors' },
  { objectID: 'odd', path: '/webhooks', title: 'Webhooks', _highlightResult: { title: 42 } },
  null,
  'refund',
  { path: '/errors', title: 'No id' },
  { objectID: 'nowhere', title: 'Nowhere to go' },
];

let standIn: Awaited<ReturnType<typeof startHostedSearchStandIn>>;
beforeAll(async () => {
  standIn = await startHostedSearchStandIn(hits);
});
afterAll(() => standIn.close());

// SPEC 2.5 and 7: with the hosted variables set, the same dialog queries the hosted index.
describe('search on the hosted service', () => {
  it('renders every hit from the fields it has and skips malformed ones', async () => {
    const page = await open(`${siteUrl}/errors`);
    await standIn.answer(page.context());
    await page.keyboard.press('Control+k');
    await page.keyboard.type('refund');
    const dialog = page.locator('dialog[open]');
    const shown = dialog.locator('[data-slot="search-hit"]');
    await expect.poll(() => shown.count()).toBe(5);
    expect(await dialog.getByText('Search by Algolia').isVisible()).toBe(true);
    expect(await shown.locator('[data-slot="hit-title"]').allTextContents()).toEqual([
      'Refunds',
      'Charges',
      'Pagination',
      'Errors',
      'Webhooks',
    ]);
    expect(await shown.nth(0).locator('mark').allTextContents()).toEqual([
      'Refunds',
      'refund',
      'Refunds',
    ]);
    expect(await shown.nth(1).textContent()).toBe('ChargesPartial refundsPart of it.');
    expect(await shown.nth(2).textContent()).toBe('PaginationCursorsPass starting_after.');
    expect(await shown.nth(3).getAttribute('data-path')).toBe('/errors#error-codes');

    const asked = standIn.requests.at(-1);
    expect(asked?.url).toContain(
      `x-algolia-application-id=${hostedSearchEnv.NEXT_PUBLIC_SEARCH_APP_ID}`,
    );
    expect(asked?.body.requests[0]).toMatchObject({
      indexName: hostedSearchEnv.NEXT_PUBLIC_SEARCH_INDEX,
      query: 'refund',
    });

    await shown.nth(2).click();
    await page.waitForURL(`${siteUrl}/pagination#cursors`);
    await page.context().close();
  });

  it('reports viewed and clicked hits to the insights service against the query id', async () => {
    const page = await open(`${siteUrl}/errors`);
    await standIn.answer(page.context());
    // The insights library comes from a CDN; without it, the plugin's calls wait in its queue.
    await page
      .context()
      .route(/cdn\.jsdelivr\.net/, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: '' }),
      );
    await page.keyboard.press('Control+k');
    await page.keyboard.type('refund');
    const shown = page.locator('dialog[open] [data-slot="search-hit"]');
    await expect.poll(() => shown.count()).toBe(5);
    expect(standIn.requests.at(-1)?.body.requests[0]).toMatchObject({ clickAnalytics: true });

    type Call = [
      string,
      { objectIDs?: string[]; queryID?: string; index?: string; positions?: number[] }?,
    ];
    const calls = (method: string) =>
      page.evaluate(
        (name) =>
          ((window as unknown as { aa?: { queue?: Call[] } }).aa?.queue ?? []).filter(
            ([called]) => called === name,
          ),
        method,
      );
    await expect.poll(async () => (await calls('viewedObjectIDs')).length).toBeGreaterThan(0);
    const viewed = (await calls('viewedObjectIDs'))[0]?.[1];
    expect(viewed).toMatchObject({
      index: hostedSearchEnv.NEXT_PUBLIC_SEARCH_INDEX,
      objectIDs: expect.arrayContaining(['section:/resources/refunds#create-a-refund']),
    });

    await shown.nth(2).click();
    await page.waitForURL(`${siteUrl}/pagination#cursors`);
    const clicked = (await calls('clickedObjectIDsAfterSearch'))[0]?.[1];
    expect(clicked).toMatchObject({
      index: hostedSearchEnv.NEXT_PUBLIC_SEARCH_INDEX,
      queryID: 'standin0',
      objectIDs: ['section:/pagination#cursors'],
      positions: [3],
    });
    await page.context().close();
  });
});
