import { describe, expect, it, vi } from 'vitest';
import { siteUrlWarning, SITE_URL_WARNED, warnIfSiteUrlUnset } from '@/lib/config/site-url-warning';

describe('the warning for an unset NEXT_PUBLIC_SITE_URL', () => {
  it('names the variable, what says localhost and the fix, for a production build or server', () => {
    for (const env of [{ NODE_ENV: 'production' }, {}, { NEXT_PUBLIC_SITE_URL: '  ' }]) {
      const warning = siteUrlWarning(env);
      expect(warning).toContain('NEXT_PUBLIC_SITE_URL is not set');
      expect(warning).toContain('sitemap, canonical links, Open Graph, JSON-LD, llms.txt');
      expect(warning).toContain('http://localhost:3000');
      expect(warning).toContain("Set it to the site's public URL");
    }
  });

  it('says nothing when the variable is set, in development or in tests', () => {
    expect(siteUrlWarning({ NEXT_PUBLIC_SITE_URL: 'https://docs.example.com' })).toBeNull();
    expect(siteUrlWarning({ NODE_ENV: 'development' })).toBeNull();
    expect(siteUrlWarning({ NODE_ENV: 'test' })).toBeNull();
  });

  it('is printed once per process tree: a second call, or a worker inheriting the mark, is quiet', () => {
    const env: Record<string, string | undefined> = { NODE_ENV: 'production' };
    const warn = vi.fn();
    warnIfSiteUrlUnset(env, warn);
    warnIfSiteUrlUnset(env, warn);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toContain('NEXT_PUBLIC_SITE_URL is not set');
    expect(env[SITE_URL_WARNED]).toBe('1');

    const worker = vi.fn();
    warnIfSiteUrlUnset({ ...env }, worker);
    expect(worker).not.toHaveBeenCalled();
  });

  it('is not printed when the variable is set', () => {
    const warn = vi.fn();
    warnIfSiteUrlUnset({ NEXT_PUBLIC_SITE_URL: 'https://docs.example.com' }, warn);
    expect(warn).not.toHaveBeenCalled();
  });
});
