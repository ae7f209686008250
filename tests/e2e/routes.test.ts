import { describe, expect, it } from 'vitest';
import { flatten } from '@/lib/navigation';
import { getMenu } from '@/lib/source';
import { localGuides } from '../support/local-guides';
import { baseUrl, setupBrowser } from './browser';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const links = flatten(await getMenu());
const { open } = setupBrowser();

// SPEC 2.1 and 2.2: every route renders with its own title, description and one h1, all in the
// HTML the server sends, so a browser adds nothing here.
describe('every route of the menu', () => {
  it.each(links)('$href answers 200 with its title, description and one h1', async (link) => {
    const response = await fetch(baseUrl + link.href);
    expect(response.status).toBe(200);
    const html = await response.text();
    const expectedTitle =
      link.href === '/' ? 'API Docs | Kestrel Pay' : `${link.title} | Kestrel Pay`;
    expect(html).toContain(`<title>${escapeHtml(expectedTitle)}</title>`);
    const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1];
    expect(description?.trim()).toBeTruthy();
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it('gives each page a different meta description', async () => {
    const descriptions = await Promise.all(
      links.map(async (link) => {
        const html = await (await fetch(baseUrl + link.href)).text();
        return html.match(/<meta name="description" content="([^"]*)"/)?.[1];
      }),
    );
    expect(new Set(descriptions).size).toBe(links.length);
  });
});

describe('every guide page', () => {
  it.each(localGuides)(
    '/guides/$slug answers 200 with its title, summary and one h1',
    async (guide) => {
      const response = await fetch(`${baseUrl}/guides/${guide.slug}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${escapeHtml(guide.title)} | Kestrel Pay</title>`);
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    },
  );
});

describe('an unknown route', () => {
  it('answers 404 with the designed not-found page inside the site shell', async () => {
    expect((await fetch(`${baseUrl}/resources/nope`)).status).toBe(404);
    const page = await open('/resources/nope');
    await expect(page.locator('h1').textContent()).resolves.toBe('Page not found');
    expect(await page.locator('[data-slot="header"] a:has-text("Open Dashboard")').count()).toBe(1);
    await page
      .locator('main')
      .getByRole('link', { name: /^Introduction/ })
      .click();
    await page.waitForURL(`${baseUrl}/`);
    await page.context().close();
  });

  it('gives an unknown guide the same 404 page, title and search keys as any other', async () => {
    const other = await open('/resources/nope');
    const title = await other.title();
    await other.context().close();
    const page = await open('/guides/no-such-guide');
    await expect(page.locator('h1').textContent()).resolves.toBe('Page not found');
    const dialog = page.locator('dialog[data-slot="search-dialog"][open]');
    await page.keyboard.press('/');
    await dialog.locator('input').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.keyboard.press('Control+k');
    await dialog.locator('input').waitFor();
    // Read once the page has settled: the title its scripts leave, not the one first sent.
    expect(await page.title()).toBe(title);
    await page.context().close();
  });

  it('does not serve the framework shell entry /_app as a page', async () => {
    expect((await fetch(`${baseUrl}/_app`)).status).toBe(404);
  });
});
