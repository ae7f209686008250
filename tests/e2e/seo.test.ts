import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { flatten } from '@/lib/navigation';
import { loadDocument } from '@/lib/openapi/document';
import { endpointsOf } from '@/lib/openapi/operations';
import { editUrl } from '@/lib/page-history';
import { markdownRoute } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo/absolute-url';
import { getMenu, source } from '@/lib/source';
import { COPY_CONFIRMATION_MS, site } from '@/lib/site';
import { localGuides } from '../support/local-guides';
import { baseUrl, setupBrowser } from './browser';

const { open } = setupBrowser();
const get = (path: string) => fetch(new URL(path, baseUrl));
const guide = localGuides.find((candidate) => candidate.slug === 'payment-links')!;
const menu = await getMenu();

/** The content of the `<meta>` or `href` of the `<link>` the selector picks, or null. */
const attribute = (page: Page, selector: string, name: string) =>
  page
    .locator(selector)
    .first()
    .getAttribute(name, { timeout: 1000 })
    .catch(() => null);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

// Issue 7, section 4: search engines find every page.
describe('sitemap.xml and robots.txt', () => {
  it('lists every documentation route and every guide, absolute', async () => {
    const response = await get('/sitemap.xml');
    expect(response.headers.get('content-type')).toContain('xml');
    const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => match[1]!,
    );
    const expected = [
      ...(await source.pages()).flatMap((page) => (page.kind === 'guide' ? [] : [page.route])),
      ...localGuides.map((entry) => `/guides/${entry.slug}`),
    ].map((route) => absoluteUrl(route));
    expect(locations.sort()).toEqual(expected.sort());
  });

  it('allows every crawler and names the sitemap', async () => {
    const text = await (await get('/robots.txt')).text();
    expect(text).toMatch(/User-Agent: \*\nAllow: \/\n/);
    expect(text).toContain(`Sitemap: ${absoluteUrl('/sitemap.xml')}`);
  });
});

describe('page metadata', () => {
  it.each([
    ['/resources/charges', 'Charges', 'Core Resources'],
    [`/guides/${guide.slug}`, guide.title, 'Accept Payments'],
  ])('%s has its canonical URL, Open Graph and Twitter card', async (path, title, section) => {
    const page = await open(path);
    const url = absoluteUrl(path);
    expect(await attribute(page, 'link[rel="canonical"]', 'href')).toBe(url);
    const og = (property: string) => attribute(page, `meta[property="og:${property}"]`, 'content');
    expect(await og('title')).toBe(title);
    expect(await og('description')).toBe(
      await attribute(page, 'meta[name="description"]', 'content'),
    );
    expect(await og('url')).toBe(url);
    expect(await og('site_name')).toBe(site.name);
    expect(await og('type')).toBe('article');
    const image = await og('image');
    expect(await og('image:width')).toBe('1200');
    expect(await og('image:height')).toBe('630');
    expect(await og('image:alt')).toContain(section);
    const twitter = (name: string) => attribute(page, `meta[name="twitter:${name}"]`, 'content');
    expect(await twitter('card')).toBe('summary_large_image');
    expect(await twitter('image')).toBe(image);

    // The image is the page's own card, a static 1200×630 PNG.
    const response = await get(new URL(image!).pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({
      width: 1200,
      height: 630,
    });
    await page.context().close();
  });

  it('gives the not-found page no canonical URL', async () => {
    const page = await open('/no-such-page');
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    await page.context().close();
  });

  it('describes a page as a TechArticle with its breadcrumbs in JSON-LD', async () => {
    const page = await open('/errors');
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '')));
    const byType = Object.fromEntries(blocks.map((block) => [block['@type'], block]));
    expect(byType.TechArticle).toMatchObject({
      headline: 'Errors',
      url: absoluteUrl('/errors'),
      publisher: { '@type': 'Organization', name: site.name },
    });
    expect(Date.parse(byType.TechArticle.dateModified)).not.toBeNaN();
    expect(
      byType.BreadcrumbList.itemListElement.map((item: { name: string }) => item.name),
    ).toEqual([site.name, 'The Basics', 'Errors']);
    await page.context().close();
  });
});

// Assistants read the docs as Markdown.
describe('llms.txt and Markdown pages', () => {
  it('llms.txt lists every page and guide as Markdown, grouped like the menu', async () => {
    const response = await get('/llms.txt');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text.startsWith(`# ${site.name}\n\n> `)).toBe(true);
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(menu.map((group) => group.title));
    for (const link of flatten(menu)) {
      expect(text).toContain(`- [${link.title}](${absoluteUrl(markdownRoute(link.href))}): `);
    }
    for (const entry of localGuides) {
      expect(text).toContain(
        `- [${entry.title}](${absoluteUrl(`/guides/${entry.slug}.md`)}): ${entry.summary}`,
      );
    }
  });

  it('llms-full.txt holds every page, page after page', async () => {
    const text = await (await get('/llms-full.txt')).text();
    expect(text).toContain('\n# Errors\n');
    expect(text).toContain(`\n# ${guide.title}\n`);
    expect(text).toContain('`POST /v1/refunds`');
    expect(text).not.toMatch(/<(Attributes|Row|CodeGroup|MethodBadge)\b/);
  });

  it.each([
    ['/index.md', 'API Docs', '/'],
    ['/errors.md', 'Errors', '/errors'],
    ['/resources/charges.md', 'Charges', '/resources/charges'],
    [`/guides/${guide.slug}.md`, guide.title, `/guides/${guide.slug}`],
  ])('%s is the page as Markdown', async (path, title, route) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('link')).toBe(`<${absoluteUrl(route)}>; rel="canonical"`);
    expect((await response.text()).startsWith(`# ${title}\n`)).toBe(true);
  });

  it('a resource page in Markdown has every endpoint of the API document', async () => {
    const markdown = await (await get('/resources/charges.md')).text();
    const endpoints = endpointsOf(loadDocument(), 'charges');
    expect(endpoints.length).toBeGreaterThan(0);
    for (const endpoint of endpoints) {
      expect(markdown).toContain(`\`${endpoint.method.toUpperCase()} ${endpoint.path}\``);
    }
    expect(markdown).toContain('```bash title="cURL"');
  });

  it('answers 404 for a page that does not exist', async () => {
    expect((await get('/no-such-page.md')).status).toBe(404);
  });
});

describe('Copy page', () => {
  const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };
  const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
  /** The button beside the title, found by place: its name changes to say what happened. */
  async function copyPageButton(page: Page) {
    expect(await page.getByRole('button', { name: 'Copy page' }).count()).toBe(1);
    return page.locator('[data-slot="page-title"]').getByRole('button');
  }

  it.each(['/errors', `/guides/${guide.slug}`])(
    'on %s puts the Markdown on the clipboard and says Copied!',
    async (path) => {
      const page = await open(path, clipboard);
      const button = await copyPageButton(page);
      await button.click();
      await expect.poll(() => button.textContent(), { interval: 20 }).toBe('Copied!');
      // The export names the configured address; the copy, the one the reader is on.
      const exported = await (await get(markdownRoute(path))).text();
      const origin = new URL(page.url()).origin;
      expect(await readClipboard(page)).toBe(exported.replaceAll(new URL(site.url).origin, origin));
      await page.waitForTimeout(COPY_CONFIRMATION_MS);
      await expect.poll(() => button.textContent()).toBe('Copy page');
      await page.context().close();
    },
  );

  it('says Copy failed when the Markdown cannot be fetched', async () => {
    const page = await open('/errors', clipboard);
    await page.route('**/errors.md', (route) => route.fulfill({ status: 503, body: 'Down' }));
    const button = await copyPageButton(page);
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Copy failed');
    await page.context().close();
  });
});

describe('page source', () => {
  it.each([
    ['/errors', 'content/docs/errors.mdx'],
    [`/guides/${guide.slug}`, `content/guides/${guide.slug}.mdx`],
  ])('%s links to its file and says when it last changed', async (path, file) => {
    const page = await open(path);
    const history = page.locator('[data-slot="page-history"]');
    expect(await history.getByRole('link', { name: 'Edit this page' }).getAttribute('href')).toBe(
      editUrl(file),
    );
    const time = history.locator('time');
    const dateTime = await time.getAttribute('datetime');
    expect(Date.parse(dateTime!)).not.toBeNaN();
    expect(await time.textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await history.textContent()).toContain('Last updated');
    await page.context().close();
  });
});
