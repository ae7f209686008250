import { describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { endpointsOf } from '@/lib/openapi/operations';
import { source } from '@/lib/source';
import { setupBrowser } from './browser';

const { open } = setupBrowser();
const document = loadDocument();
const resources = (await source.pages())
  .filter((page) => page.kind === 'resource')
  .map((page) => page.route);

// Issue 6: each resource page shows every endpoint of the document with working anchors.
describe('resource reference pages', () => {
  it('show every endpoint, with its badge and path, as a side-menu anchor', async () => {
    const page = await open('/resources/refunds');
    for (const href of resources) {
      if (page.url() !== new URL(href, page.url()).href) await page.goto(href);
      const endpoints = endpointsOf(document, href.replace('/resources/', ''));
      const sections = await page.locator('[data-slot="row"]').evaluateAll((rows) =>
        rows.map((row) => ({
          heading: row.previousElementSibling?.textContent?.replace(/#$/, '').trim(),
          method: row.querySelector('[data-slot="method-badge"]')?.textContent,
          path: row.querySelector('[data-slot="method-badge"] + code')?.textContent,
        })),
      );
      expect(sections, href).toEqual(
        endpoints.map((endpoint) => ({
          heading: endpoint.summary,
          method: endpoint.method,
          path: endpoint.path,
        })),
      );
      const ids = await page
        .locator('[data-slot="row"]')
        .evaluateAll((rows) => rows.map((row) => row.previousElementSibling?.id));
      for (const id of ids) {
        const menuLink = page.locator(`aside [aria-label="On this page"] a[href="#${id}"]`);
        expect(await menuLink.count(), `${href}#${id}`).toBe(1);
      }
    }
    await page.context().close();
  });

  it('give every attribute its own anchor, and open collapsed parents on a deep link', async () => {
    const page = await open('/resources/chargebacks');
    const anchors = await page
      .locator('[data-slot="attribute"]')
      .evaluateAll((items) =>
        items.map((item) => [
          item.id,
          item.querySelector(':scope > div > a')?.getAttribute('href'),
        ]),
      );
    expect(anchors.length).toBeGreaterThan(20);
    for (const [id, href] of anchors) expect(href).toBe(`#${id}`);
    expect(new Set(anchors.map(([id]) => id)).size).toBe(anchors.length);

    const nested = page.locator('[data-slot="child-attributes"] [data-slot="attribute"]').first();
    const nestedId = await nested.getAttribute('id');
    await page.goto(`/resources/chargebacks#${nestedId}`);
    await expect.poll(() => nested.isVisible()).toBe(true);
    await page.context().close();
  });
});

// Issue 6: the language chosen in any code group is remembered across groups, reloads and pages.
describe('code language choice', () => {
  it('applies to every group on the page, survives a reload and carries to another page', async () => {
    const page = await open('/resources/refunds');
    const selectedTabs = () =>
      page.locator('[data-slot="code-group"] [role="tab"][aria-selected="true"]').allTextContents();
    expect(new Set(await selectedTabs())).toEqual(new Set(['cURL']));
    await page
      .locator('[data-slot="code-group"]')
      .nth(1)
      .getByRole('tab', { name: 'Python' })
      .click();
    await expect.poll(async () => new Set(await selectedTabs())).toEqual(new Set(['Python']));
    await page.reload();
    await expect.poll(async () => new Set(await selectedTabs())).toEqual(new Set(['Python']));
    await page.goto('/resources/charges');
    await expect.poll(async () => new Set(await selectedTabs())).toEqual(new Set(['Python']));
    const visible = page
      .locator('[data-slot="code-group"] [role="tabpanel"]:not([hidden]) code')
      .first();
    expect(await visible.textContent()).toMatch(/kestrel\.charges\.\w+\(/);
    await page.context().close();
  });
});

// Issue 6: the document is served for download and linked from the Introduction.
describe('the OpenAPI download', () => {
  it('serves /openapi.yaml, linked from the Introduction', async () => {
    const page = await open('/');
    const link = page.locator('main a[href="/openapi.yaml"]').first();
    expect(await link.count()).toBe(1);
    const response = await page.request.get('/openapi.yaml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/yaml/);
    expect(await response.text()).toMatch(/^openapi: 3\.1\.0/);
    await page.context().close();
  });
});
