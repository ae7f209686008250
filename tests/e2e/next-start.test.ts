// The site on Next.js's own server (`next start`), as a Next.js host runs it: the same build,
// served without npm start's server. Each page's policy comes from the request proxy
// (proxy.ts), so pages theme, hydrate and work with no violation of the policy.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '@/scripts/lib/site-server';
import { connectMcp } from '../support/mcp-client';
import { SERVED_LIMITS } from '../support/served-limits';
import { hydrated, setupBrowser } from './browser';
import { expectOwnScriptsOnly, scriptSources, watchViolations } from './csp-support';

const { newContext } = setupBrowser();
let site: Awaited<ReturnType<typeof startSite>>;
let context: BrowserContext;
let violations: (page: Page) => Promise<string[]>;

beforeAll(async () => {
  site = await startSite({ nextStart: true, env: SERVED_LIMITS });
  context = await newContext({ baseURL: site.url, colorScheme: 'dark' });
  violations = await watchViolations(context);
}, 60_000);
afterAll(async () => {
  await context?.close();
  await site?.stop();
});

/** Opens a path as a reader would and waits for hydration; the answer's status and policy. */
async function read(path: string) {
  const page = await context.newPage();
  const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
  await hydrated(page);
  return {
    page,
    status: response?.status(),
    policy: response?.headers()['content-security-policy'],
  };
}

describe('the site under next start', () => {
  it.each(['/', '/resources/charges', '/guides/payment-links', '/categories/accept-payments'])(
    '%s themes itself and hydrates with no violation, allowing its own scripts only',
    async (path) => {
      const { page, status, policy } = await read(path);
      expect(status).toBe(200);
      expectOwnScriptsOnly(path, policy);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        true,
      );
      expect(await violations(page)).toEqual([]);
      await page.close();
    },
  );

  it('renders a missing page for the request, with a fresh nonce, and hydrates it', async () => {
    const { page, status, policy } = await read('/no-such-page');
    expect(status).toBe(404);
    expect(scriptSources(policy).filter((source) => source.startsWith("'nonce-"))).toHaveLength(1);
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it('searches from the keyboard and opens a hit by a client navigation', async () => {
    const { page } = await read('/');
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.type('refund');
    const hit = dialog.getByRole('option').first();
    await hit.waitFor();
    await hit.hover();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/');
    await expect.poll(() => page.locator('main h1').count()).toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it('answers a sandbox token request and the MCP server on the same host', async () => {
    const token = await fetch(`${site.url}/sandbox/v1/auth/token`, { method: 'POST' });
    expect(token.status).toBe(400);
    expect((await token.json()).error.code).toBe('parameter_missing');
    const mcp = await connectMcp(site.url);
    try {
      const found = await mcp.call('search_docs', { query: 'refunds', limit: 3 });
      expect(new URL(found.json.hits[0].url).pathname).toBe('/resources/refunds');
    } finally {
      await mcp.close();
    }
  });
});
