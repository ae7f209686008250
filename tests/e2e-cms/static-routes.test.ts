// With the CMS configured, only what lists or shows guides re-renders on the guides' interval:
// every other page stays prerendered for good, answered from the production server's page
// cache. Checked on the build that re-renders every 2 s (tests/e2e-cms/global-setup.ts), from
// its own prerender manifest and from what its server answers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';

/** The folder the interval build was made in (tests/e2e-cms/global-setup.ts). */
const isrDistDir = '.next-cms-isr';
const isrSite = inject('isrBaseUrl');

const manifestSchema = z.object({
  routes: z.record(
    z.string(),
    z.object({ initialRevalidateSeconds: z.union([z.literal(false), z.number()]) }),
  ),
});

/** Every prerendered route of the build and whether it revalidates. */
function prerenderedRoutes() {
  const manifest = manifestSchema.parse(
    JSON.parse(readFileSync(path.join(isrDistDir, 'prerender-manifest.json'), 'utf8')),
  );
  return Object.entries(manifest.routes).map(([route, entry]) => ({
    route,
    revalidates: entry.initialRevalidateSeconds !== false,
  }));
}

/**
 * The routes that list or show guides: the Introduction and the category pages (their guide
 * cards), each guide's page and outputs, and the lists of every page (sitemap, llms.txt).
 */
const showsGuides = (route: string) =>
  route === '/' ||
  /^\/categories\/[^/.]+$/.test(route) ||
  /^\/(guides|articles\/guides|markdown\/guides|og\/guides)\//.test(route) ||
  ['/sitemap.xml', '/llms.txt', '/llms-full.txt'].includes(route);

/** A page of each kind that shows no guide. */
const STATIC_PAGES = ['/resources/charges', '/webhooks', '/authentication', '/sdk/getting-started'];

describe('a CMS build', () => {
  it('re-renders only the routes that list or show guides', () => {
    const routes = prerenderedRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const revalidating = routes.filter((entry) => entry.revalidates).map((entry) => entry.route);
    const unexpected = revalidating.filter((route) => !showsGuides(route));
    expect(unexpected, 'routes re-rendering although they show no guide').toEqual([]);
    // Every page of the menu is prerendered for good, its article, Markdown and image too.
    for (const route of STATIC_PAGES) {
      expect(revalidating, route).not.toContain(route);
    }
    expect(revalidating).toContain('/');
    expect(revalidating).toContain('/categories/accept-payments');
  });

  it.each(STATIC_PAGES)(
    'answers %s as prerendered for good, from the page cache',
    async (route) => {
      const first = await fetch(isrSite + route);
      await first.arrayBuffer();
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toMatch(/s-maxage=31536000/);
      // The page cache keeps the page once Next.js has answered it, then answers a known
      // version with 304 (Next.js itself answers 200).
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      const revalidated = async () => {
        const again = await fetch(isrSite + route, { headers: { 'if-none-match': etag! } });
        await again.arrayBuffer();
        return again.status;
      };
      await expect.poll(revalidated, { timeout: 10_000, interval: 200 }).toBe(304);
    },
  );

  it('answers a page listing guides with the guides interval', async () => {
    const response = await fetch(`${isrSite}/categories/accept-payments`);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/s-maxage=2\b/);
  });
});
