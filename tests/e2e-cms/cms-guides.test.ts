import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { chunksOfLoader } from '@/lib/html/paint-first.mjs';
import { scriptHashes } from '@/lib/security/script-hashes.mjs';
import { cmsTestToken } from '../support/cms-fixtures';
import { connectMcp } from '../support/mcp-client';
import type { CmsMode } from '../support/cms-server';
import { filesStoredFor, NOT_FOUND_MAX_LIFETIME, sharedLifetime } from '../support/kept-answers';
import { baseUrl, setupBrowser } from '../e2e/browser';

const controlUrl = inject('cmsControlUrl');
const siteLog = () => readFileSync(inject('siteLogFile'), 'utf8');
const control = (path: string, body: unknown = {}) =>
  fetch(controlUrl + path, { method: 'POST', body: JSON.stringify(body) });
const { open } = setupBrowser();

afterEach(async () => {
  await control('/up');
  await control('/reset');
});

/** A guide published in the CMS after the build. */
const brandNewGuide = {
  id: 'new',
  title: 'Brand new guide',
  slug: 'brand-new',
  summary: 'Just published.',
  category: 'accept-payments',
  image: null,
  body: '## Hello\n',
};

const cardTitles = (html: string) =>
  [...html.matchAll(/data-slot="guide-card"[\s\S]*?<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);

// SPEC 7: with the CMS configured, guides come from it, in title order, on every render.
describe('guides from the CMS', () => {
  it('lists the CMS guides of a category in title order, dropping the invalid one', async () => {
    const page = await open('/categories/accept-payments');
    const titles = await page.locator('[data-slot="guide-card"] h3').allTextContents();
    expect(titles).toEqual([
      'Accept Apple Pay on the web',
      'Collect a deposit at booking',
      'Split a payment across two cards',
    ]);
    await page.context().close();
  });

  it('sends the bearer token and accepts GraphQL-response JSON and JSON', async () => {
    await fetch(`${baseUrl}/categories/accept-payments`);
    const requests = await fetch(`${controlUrl}/requests`).then((r) => r.json());
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.authorization).toBe(`Bearer ${cmsTestToken}`);
      expect(request.accept).toBe('application/graphql-response+json, application/json');
    }
  });

  it('renders a guide page from the CMS body, with no markup from it executed', async () => {
    const page = await open('/guides/apple-pay-on-the-web');
    await expect.poll(() => page.title()).toBe('Accept Apple Pay on the web | Kestrel Pay');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toBe(
      'Offer Apple Pay in hosted checkout so travellers pay with one touch.',
    );
    expect(await page.locator('main h2#enable-apple-pay').textContent()).toContain(
      'Enable Apple Pay',
    );
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(
      await page
        .locator('main script:not([type="application/ld+json"]), main img[src="x"]')
        .count(),
    ).toBe(0);
    await page.locator('main').getByRole('link', { name: 'Accept Payments' }).click();
    await page.waitForURL(`${baseUrl}/categories/accept-payments`);
    await page.context().close();
  });

  it('gives an assistant a CMS guide through the MCP server, and one published since', async () => {
    const mcp = await connectMcp(baseUrl);
    try {
      const guide = await mcp.call('read_page', { page: '/guides/apple-pay-on-the-web' });
      expect(guide.text).toMatch(/^# Accept Apple Pay on the web\n/);
      expect(guide.text).toContain('## Enable Apple Pay');
      await control('/guides', { guides: [brandNewGuide] });
      const fresh = await mcp.call('read_page', { page: '/guides/brand-new' });
      expect(fresh.isError).toBe(false);
      expect(fresh.text).toContain('## Hello');
    } finally {
      await mcp.close();
    }
  });

  it('answers 404 for a slug the CMS does not have', async () => {
    expect((await fetch(`${baseUrl}/guides/no-such-guide`)).status).toBe(404);
  });

  it('shows an edit made in the CMS on the next request', async () => {
    await control('/guides', { guides: [brandNewGuide] });
    const html = await (await fetch(`${baseUrl}/categories/accept-payments`)).text();
    expect(cardTitles(html)).toEqual(['Brand new guide']);
  });
});

// SPEC 8: every failure of the CMS leaves a rendered page, the empty-list line and a log line.
describe('when the CMS fails', () => {
  it.each<[string, () => Promise<unknown>, RegExp]>([
    [
      'answers 500',
      () => control('/mode', { mode: 'status-500' satisfies CmsMode }),
      /GraphQL Error \(Code: 500\)/,
    ],
    [
      'answers with errors',
      () => control('/mode', { mode: 'graphql-errors' satisfies CmsMode }),
      /Model "guide" is being migrated/,
    ],
    [
      'hangs past the timeout',
      () => control('/mode', { mode: 'hang' satisfies CmsMode }),
      /did not answer within 1000 ms/,
    ],
    ['is down', () => control('/down'), /fetch failed/],
  ])('still renders the page when it %s', async (_, fail, message) => {
    await fail();
    const before = siteLog().length;
    const response = await fetch(`${baseUrl}/categories/accept-payments`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('There are no guides in this category yet.');
    expect(html).toContain('<h1');
    await expect
      .poll(() => siteLog().slice(before))
      .toMatch(new RegExp(`Error fetching guides in _app: .*${message.source}`));
    expect(siteLog()).not.toContain(cmsTestToken);
  });
});

describe('re-rendering on an interval', () => {
  const isrSite = inject('isrBaseUrl');
  /** The folder the interval build was made in (tests/e2e-cms/global-setup.ts). */
  const isrDistDir = '.next-cms-isr';
  /** A guide's page and its outputs. */
  const addresses = (slug: string) => [
    `/guides/${slug}`,
    `/articles/guides/${slug}.html`,
    `/guides/${slug}.md`,
    `/og/guides/${slug}.png`,
  ];
  const guide = (slug: string) => ({
    id: slug,
    title: 'Published after the build',
    slug,
    summary: 'Written in the CMS once the site was built.',
    category: 'accept-payments',
    image: null,
    body: '## Later\n',
  });
  const statusOf = async (route: string) => {
    const response = await fetch(isrSite + route);
    await response.arrayBuffer();
    return response.status;
  };

  it('answers 404 for a guide the CMS lacks, keeps nothing of it, and shows it once published', async () => {
    const slug = `published-later-${Date.now()}`;
    for (const route of addresses(slug)) {
      const response = await fetch(isrSite + route);
      await response.arrayBuffer();
      expect(response.status, route).toBe(404);
      expect(sharedLifetime(response.headers.get('cache-control')), route).toBeLessThanOrEqual(
        NOT_FOUND_MAX_LIFETIME,
      );
    }
    expect(filesStoredFor(isrDistDir, slug)).toEqual([]);

    await control('/guides', { guides: [guide(slug)] });
    for (const route of addresses(slug)) {
      await expect.poll(() => statusOf(route), { timeout: 20_000, interval: 500 }).toBe(200);
    }
  });

  it('answers 404 for a guide taken out of the CMS, once its interval has passed', async () => {
    const slug = `taken-out-${Date.now()}`;
    await control('/guides', { guides: [guide(slug)] });
    await expect
      .poll(() => statusOf(`/guides/${slug}`), { timeout: 20_000, interval: 500 })
      .toBe(200);
    await control('/reset');
    await expect
      .poll(() => statusOf(`/guides/${slug}`), { timeout: 20_000, interval: 500 })
      .toBe(404);
  });

  it('shows a CMS edit once GUIDES_REVALIDATE_SECONDS have passed', async () => {
    const isrUrl = `${inject('isrBaseUrl')}/categories/accept-payments`;
    const renamed = {
      guides: [
        {
          id: 'r',
          title: 'Renamed in the CMS',
          slug: 'renamed',
          summary: 'Edited.',
          category: 'accept-payments',
          image: null,
          body: 'x',
        },
      ],
    };
    await fetch(isrUrl);
    await control('/guides', renamed);
    // Stale-while-revalidate: a request after the interval triggers the re-render, a later one sees it.
    let html = '';
    let policy = '';
    const renderedAgain = async () => {
      const response = await fetch(isrUrl);
      policy = response.headers.get('content-security-policy') ?? '';
      return cardTitles((html = await response.text()));
    };
    await expect
      .poll(renderedAgain, { timeout: 20_000, interval: 1000 })
      .toEqual(['Renamed in the CMS']);
    // The page rendered again paints before its scripts load, as the build's pages do.
    expect(chunksOfLoader(html).length).toBeGreaterThan(0);
    expect(html).not.toMatch(/<script src="\/_next\/static\/[^"]+" async="">/);
    // Its policy allows each of its own inline scripts, which the build never saw.
    const allowed = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.split(/\s+/) ?? [];
    expect(allowed).toEqual(expect.arrayContaining(scriptHashes(html)));
  });
});
