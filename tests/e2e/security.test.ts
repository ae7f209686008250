import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_SEARCH } from '@/lib/search/config';
import { baseUrl, hydrated, setupBrowser } from './browser';

const { open } = setupBrowser();
const searchPath = `${EMBEDDED_SEARCH.path}/1/indexes/*/queries?x-algolia-application-id=${EMBEDDED_SEARCH.appId}&x-algolia-api-key=${EMBEDDED_SEARCH.apiKey}`;

/** A sample of everything the server answers: pages, a 404, files, assets and the search API. */
async function sampleResponses() {
  const home = await fetch(baseUrl);
  const chunk = (await home.clone().text()).match(/\/_next\/static\/[^"]+\.js/)![0];
  const search = await fetch(`${baseUrl}${searchPath}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ requests: [{ indexName: EMBEDDED_SEARCH.indexName, query: 'fee' }] }),
  });
  const paths = ['/resources/charges', '/guides/payment-links', '/no-such-page', '/openapi.yaml'];
  return {
    '/': home,
    ...Object.fromEntries(
      await Promise.all(paths.map(async (path) => [path, await fetch(baseUrl + path)] as const)),
    ),
    [chunk]: await fetch(baseUrl + chunk),
    'the search API': search,
  } as Record<string, Response>;
}

/** Opens a page and records CSP violations and requests that leave the site. */
async function watch(path: string) {
  const foreign: string[] = [];
  const violations: string[] = [];
  const page = await open('/');
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== baseUrl) {
      foreign.push(request.url());
    }
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto(path);
  // The search shortcut works once the page has hydrated, after its first paint.
  await hydrated(page);
  return { page, foreign, violations };
}

const searchFor = async (page: Page, query: string) => {
  await page.keyboard.press('Control+k');
  await page.locator('dialog[open] input').fill(query);
};

// Issue 7: every response carries the security headers; the policy lets the site itself work.
describe('security headers', () => {
  it('are sent on every page, file, asset and endpoint, without X-Powered-By', async () => {
    for (const [name, response] of Object.entries(await sampleResponses())) {
      const headers = response.headers;
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp, name).toContain("default-src 'self'");
      expect(csp, name).toContain("frame-ancestors 'none'");
      // Inline scripts run by hash or nonce only; styles keep inline `style` attributes.
      expect(csp, name).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp, name).toContain("style-src 'self' 'unsafe-inline'");
      expect(headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(headers.get('referrer-policy'), name).toBe('strict-origin-when-cross-origin');
      expect(headers.get('permissions-policy'), name).toContain('camera=()');
      expect(headers.get('x-powered-by'), name).toBeNull();
      // Served over plain http on localhost, the site must not pin itself to https.
      expect(headers.get('strict-transport-security'), name).toBeNull();
    }
  });

  it('let pages, code tabs and search work with no CSP violation and no third-party request', async () => {
    for (const path of ['/', '/resources/charges', '/guides/payment-links']) {
      const { page, foreign, violations } = await watch(path);
      await searchFor(page, 'refund');
      await page.locator('[data-slot="search-hit"]').first().waitFor();
      expect(violations, path).toEqual([]);
      expect(foreign, path).toEqual([]);
      await page.context().close();
    }
  });
});

// Issue 7: records from the search service are data, never markup, and hits never leave the site.
describe('hostile search records', () => {
  const hostileHit = (path: string, title: string) => ({
    objectID: path,
    title,
    url: path,
    path,
    hierarchy: ['Kestrel Pay', title],
    type: 'page',
    content: '<img src=x onerror="window.__pwned = true"> refund',
    _highlightResult: {
      title: { value: `<mark>${title}</mark>`, matchLevel: 'full', matchedWords: [] },
      hierarchy: [
        { value: 'Kestrel Pay', matchLevel: 'none', matchedWords: [] },
        { value: title, matchLevel: 'none', matchedWords: [] },
      ],
      content: {
        value: '<img src=x onerror="window.__pwned = true"> <mark>refund</mark>',
        matchLevel: 'full',
        matchedWords: [],
      },
    },
  });

  it('shows them as text, runs nothing and drops every hit that would leave the site', async () => {
    const { page } = await watch('/errors');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const onSite = hostileHit('/errors#error-codes', '<script>window.__pwned = true</script>');
    const hits = [
      hostileHit('javascript:window.__pwned=true', 'Script link'),
      hostileHit('//evil.example/steal', 'Protocol-relative'),
      hostileHit('https://evil.example/steal', 'Another site'),
      onSite,
    ];
    await page.route('**/api/search/**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          results: [{ hits, nbHits: 4, page: 0, nbPages: 1, hitsPerPage: 5, query: 'refund' }],
        }),
      }),
    );
    const shown = page.locator('[data-slot="search-hit"]');
    await searchFor(page, 'refund');
    await expect.poll(() => shown.count()).toBe(1);
    expect(await page.locator('dialog img, dialog script').count()).toBe(0);
    expect(await shown.locator('[data-slot="hit-title"]').textContent()).toBe(onSite.title);
    expect(await shown.getAttribute('data-path')).toBe(onSite.path);
    await shown.click();
    await page.waitForURL(`${baseUrl}${onSite.path}`);
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.context().close();
  });
});
