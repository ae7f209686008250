import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { baseUrl, setupBrowser } from '../e2e/browser';

const analyticsOrigin = inject('analyticsOrigin');
const { open } = setupBrowser();

// Issue 7: with NEXT_PUBLIC_ANALYTICS_SRC set, its script loads deferred and its host is allowed.
describe('page analytics', () => {
  it('loads the configured script deferred, and the policy lets it report', async () => {
    const foreign: string[] = [];
    const page = await open('/');
    page.on('request', (request) => {
      const { origin } = new URL(request.url());
      if (origin !== baseUrl) foreign.push(origin);
    });
    await page.goto('/errors');
    const script = page.locator(`script[src="${analyticsOrigin}/script.js"]`);
    expect(await script.count()).toBe(1);
    expect(await script.evaluate((node: HTMLScriptElement) => node.defer)).toBe(true);
    const state = () => page.evaluate(() => (window as { __analytics?: object }).__analytics);
    await expect.poll(state).toEqual({ readyState: 'interactive', sent: true });
    const received: string[] = await (await fetch(`${analyticsOrigin}/requests`)).json();
    expect(received).toContain('/collect?path=%2Ferrors');
    expect(new Set(foreign)).toEqual(new Set([analyticsOrigin]));
    await page.context().close();
  });

  it('names its host, and no other, in the Content-Security-Policy', async () => {
    const csp = (await fetch(`${baseUrl}/errors`)).headers.get('content-security-policy')!;
    const sources = (name: string) =>
      csp
        .split('; ')
        .find((directive) => directive.startsWith(`${name} `))!
        .split(' ')
        .slice(1);
    // Beside the site and the analytics host, only the page's own inline scripts, by hash or
    // nonce: no other host and no 'unsafe-inline'.
    const [self, host, ...ownScripts] = sources('script-src');
    expect([self, host]).toEqual(["'self'", analyticsOrigin]);
    for (const source of ownScripts) expect(source).toMatch(/^'(?:nonce|sha256)-[\w+/=-]+'$/);
    expect(sources('connect-src')).toEqual(["'self'", analyticsOrigin]);
  });
});
