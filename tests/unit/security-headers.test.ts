import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config/env';
import {
  contentSecurityPolicy as policyOf,
  securityHeaders as headersOf,
} from '@/lib/security/headers';

type Env = Record<string, string>;
/** The policy and headers for a given environment, as next.config.ts computes them. */
const contentSecurityPolicy = (env: Env) => policyOf(parseConfig(env));
const securityHeaders = (env: Env) => headersOf(parseConfig(env));

/** The CSP as a map of directive → sources. */
function directives(policy: string) {
  return Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name!, sources];
    }),
  );
}

const production = { NODE_ENV: 'production' };
const hostedSearch = {
  NEXT_PUBLIC_SEARCH_APP_ID: 'ABC123',
  NEXT_PUBLIC_SEARCH_API_KEY: 'search-only',
  NEXT_PUBLIC_SEARCH_INDEX: 'docs',
};

describe('the Content-Security-Policy', () => {
  it('allows only the site itself by default, and no framing, plugins or foreign forms', () => {
    const csp = directives(contentSecurityPolicy(production));
    expect(csp['default-src']).toEqual(["'self'"]);
    // Inline scripts are allowed per answer, by hash or nonce (proxy.ts).
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://www.datocms-assets.com']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('adds the hosted search hosts, and the insights hosts only when insights are on', () => {
    const search = directives(contentSecurityPolicy({ ...production, ...hostedSearch }));
    expect(search['connect-src']).toEqual([
      "'self'",
      'https://abc123-dsn.algolia.net',
      'https://abc123-1.algolianet.com',
      'https://abc123-2.algolianet.com',
      'https://abc123-3.algolianet.com',
    ]);
    expect(search['script-src']).toEqual(["'self'"]);
    const insights = directives(
      contentSecurityPolicy({
        ...production,
        ...hostedSearch,
        NEXT_PUBLIC_SEARCH_INSIGHTS: 'true',
      }),
    );
    expect(insights['script-src']).toContain('https://cdn.jsdelivr.net');
    expect(insights['connect-src']).toContain('https://insights.algolia.io');
  });

  it('never builds a policy from an incomplete search configuration or a hostile app id', () => {
    const partial = { ...hostedSearch, NEXT_PUBLIC_SEARCH_INDEX: '' };
    expect(() => contentSecurityPolicy(partial)).toThrow(/NEXT_PUBLIC_SEARCH_INDEX is not set/);
    const hostile = { ...hostedSearch, NEXT_PUBLIC_SEARCH_APP_ID: 'x; script-src *' };
    expect(() => contentSecurityPolicy(hostile)).toThrow(/letters and digits only/);
  });

  it('adds the CMS image hosts it is given, and refuses anything that is not a host name', () => {
    const csp = directives(
      contentSecurityPolicy({ CONTENT_IMAGE_HOSTS: 'images.example.com, cdn.example.com' }),
    );
    expect(csp['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://images.example.com',
      'https://cdn.example.com',
    ]);
    expect(() =>
      contentSecurityPolicy({ CONTENT_IMAGE_HOSTS: 'images.example.com, evil.com;script-src *' }),
    ).toThrow(/CONTENT_IMAGE_HOSTS/);
  });

  it('allows the analytics host for scripts and beacons only when its URL is http(s)', () => {
    const env = { NEXT_PUBLIC_ANALYTICS_SRC: 'https://metrics.example.com/script.js' };
    const csp = directives(contentSecurityPolicy(env));
    expect(csp['script-src']).toContain('https://metrics.example.com');
    expect(csp['connect-src']).toContain('https://metrics.example.com');
    expect(parseConfig(env).analyticsSrc).toBe('https://metrics.example.com/script.js');
    for (const src of ['javascript:alert(1)', 'data:text/javascript,alert(1)', 'not a url']) {
      expect(() => contentSecurityPolicy({ NEXT_PUBLIC_ANALYTICS_SRC: src })).toThrow(
        /NEXT_PUBLIC_ANALYTICS_SRC must be an http\(s\) URL/,
      );
    }
  });

  it('allows eval, inline scripts and the reload socket in development only', () => {
    const development = directives(contentSecurityPolicy({ NODE_ENV: 'development' }));
    expect(development['script-src']).toContain("'unsafe-eval'");
    expect(development['script-src']).toContain("'unsafe-inline'");
    expect(development['connect-src']).toContain('ws:');
    expect(contentSecurityPolicy(production)).not.toContain('unsafe-eval');
    const analytics = {
      ...production,
      NEXT_PUBLIC_ANALYTICS_SRC: 'https://metrics.example.com/a.js',
    };
    for (const env of [production, { ...production, ...hostedSearch }, analytics]) {
      expect(directives(contentSecurityPolicy(env))['script-src']).not.toContain("'unsafe-inline'");
    }
  });
});

describe('the security headers', () => {
  const named = (env: Env) =>
    Object.fromEntries(securityHeaders(env).map(({ key, value }) => [key, value]));

  it('send nosniff, the referrer policy and deny unused features', () => {
    const headers = named(production);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Permissions-Policy']).toContain('camera=()');
    expect(headers['Permissions-Policy']).toContain('geolocation=()');
    expect(headers['Permissions-Policy']).not.toContain('clipboard-write');
  });

  it('keep every answer from being loaded into another site’s page', () => {
    expect(named(production)['Cross-Origin-Resource-Policy']).toBe('same-origin');
  });

  it('send HSTS only from a production build served over https', () => {
    const https = { NEXT_PUBLIC_SITE_URL: 'https://docs.kestrelpay.com' };
    expect(named({ ...production, ...https })['Strict-Transport-Security']).toBe(
      'max-age=63072000; includeSubDomains; preload',
    );
    expect(named(production)).not.toHaveProperty('Strict-Transport-Security');
    expect(named({ NODE_ENV: 'development', ...https })).not.toHaveProperty(
      'Strict-Transport-Security',
    );
    const csp = directives(named({ ...production, ...https })['Content-Security-Policy']!);
    expect(csp).toHaveProperty('upgrade-insecure-requests');
  });
});
