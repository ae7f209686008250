import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { scriptHashes } from '@/lib/security/script-hashes.mjs';
import { baseUrl, hydrated, setupBrowser } from '../e2e/browser';
import { expectOwnScriptsOnly, scriptSources, watchViolations } from '../e2e/csp-support';

const { newContext, open } = setupBrowser();
const control = (path: string, body: unknown = {}) =>
  fetch(inject('cmsControlUrl') + path, { method: 'POST', body: JSON.stringify(body) });

/** Opens a page while recording every dialog and script error it raises. */
async function openWatched(path: string) {
  const incidents: string[] = [];
  const page = await open('/');
  page.on('dialog', (dialog) => {
    incidents.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => incidents.push(`error: ${error.message}`));
  await page.goto(path);
  return { page, incidents };
}

const pwned = (page: Page) =>
  page.evaluate(() => (window as { __pwned?: boolean }).__pwned ?? false);

/** Every link target in the document that would leave the site or run code. */
const offSiteLinks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('a[href]')]
      .map((link) => link.getAttribute('href')!)
      .filter((href) => !/^(\/(?!\/)|#|https:\/\/|mailto:)/.test(href)),
  );

// Issue 7: markup, script URLs and climbing slugs from the CMS stay inert text.
describe('hostile CMS content', () => {
  it('shows a guide card with markup in its title and summary as text', async () => {
    const { page, incidents } = await openWatched('/categories/payment-operations');
    const card = page.locator('[data-slot="guide-card"]', { hasText: 'Reconcile' });
    expect(await card.locator('h3').textContent()).toBe(
      'Reconcile <script>window.__pwned = true</script> payouts',
    );
    expect(await card.textContent()).toContain('<img src=x onerror="window.__pwned = true">');
    expect(await card.locator('img, script').count()).toBe(0);
    expect(await card.getByRole('link').getAttribute('href')).toBe('/guides/reconcile-payouts');
    expect(await offSiteLinks(page)).toEqual([]);
    expect(await pwned(page)).toBe(false);
    expect(incidents).toEqual([]);
    await page.context().close();
  });

  it('renders a guide body whose script links lose their target and stay on-site', async () => {
    const { page, incidents } = await openWatched('/guides/reconcile-payouts');
    const main = page.locator('main');
    await main.locator('h2#match-the-lines').waitFor();
    expect(await main.getByRole('link', { name: 'the ledger' }).getAttribute('href')).toBe(
      '/resources/ledger',
    );
    for (const text of ['the report', 'the mirror']) {
      expect(await main.getByRole('link', { name: text }).count()).toBe(0);
      expect(await main.getByText(text).count()).toBe(1);
    }
    expect(await main.getByRole('link', { name: 'Raw link' }).count()).toBe(0);
    expect(await offSiteLinks(page)).toEqual([]);
    for (const link of await main.getByRole('link').all()) await link.hover();
    expect(await pwned(page)).toBe(false);
    expect(incidents).toEqual([]);
    await page.context().close();
  });

  it('drops a guide whose slug climbs out of /guides', async () => {
    for (const path of ['/guides/..%2F..%2Fpackage', '/guides/%2E%2E%2F%2E%2E%2Fpackage']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('"devDependencies"');
    }
    const listing = await (await fetch(`${baseUrl}/categories/payment-operations`)).text();
    expect(listing).not.toContain('Escape the guides folder');
  });
});

// The policy allows no inline script but each page's own: by a nonce on pages rendered per
// request (this build), by the hashes the cache handler keeps on pages re-rendered on an
// interval (the other build), whose scripts change with the CMS's content.
describe('the Content-Security-Policy with the CMS', () => {
  it('lets pages rendered per request and re-rendered on an interval run their scripts only', async () => {
    const context = await newContext();
    const violations = await watchViolations(context);
    const page = await context.newPage();
    const found: string[] = [];
    const load = async (url: string) => {
      const response = await page.goto(url);
      expectOwnScriptsOnly(url, response?.headers()['content-security-policy']);
      await hydrated(page);
      found.push(...(await violations(page)));
      return response!;
    };
    for (const path of ['/categories/payment-operations', '/guides/reconcile-payouts']) {
      const sources = scriptSources(
        (await load(baseUrl + path)).headers()['content-security-policy'],
      );
      expect(
        sources.some((source) => source.startsWith("'nonce-")),
        path,
      ).toBe(true);
    }
    const isr = inject('isrBaseUrl');
    const title = 'Re-rendered under the policy';
    const guide = { id: 'p', title, slug: 'policy', summary: 'x', category: 'accept-payments' };
    try {
      await fetch(`${isr}/categories/accept-payments`);
      await control('/guides', { guides: [{ ...guide, image: null, body: 'x' }] });
      await expect
        .poll(async () => (await fetch(`${isr}/categories/accept-payments`)).text(), {
          timeout: 20_000,
          interval: 1000,
        })
        .toContain(title);
      const rendered = await load(`${isr}/categories/accept-payments`);
      expect(await rendered.text()).toContain(title);
      expect(scriptSources(rendered.headers()['content-security-policy'])).toEqual(
        expect.arrayContaining(scriptHashes(await rendered.text())),
      );
      await load(`${isr}/guides/policy`);
    } finally {
      await control('/reset');
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
