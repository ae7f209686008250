import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastCommitDate } from '@/lib/git-history';
import { guideFile } from '@/lib/guides';
import { pageSource } from '@/lib/page-source';
import { editUrl } from '@/lib/seo/urls';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('pageSource', () => {
  it('links a repository file to its editor and dates it from git', async () => {
    const source = await pageSource('content/docs/errors.mdx');
    expect(source?.editUrl).toBe(editUrl('content/docs/errors.mdx'));
    expect(source?.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });

  it('has no date for a file git has never seen, and no source without a file', async () => {
    expect(await lastCommitDate('content/docs/no-such-page.mdx')).toBeNull();
    expect(await pageSource(null)).toBeNull();
  });
});

describe('guideFile', () => {
  it('names the MDX file of a local guide', () => {
    expect(guideFile('payment-links')).toBe('content/guides/payment-links.mdx');
  });

  it('has none for guides from the CMS', () => {
    vi.stubEnv('CONTENT_API_URL', 'http://127.0.0.1:9/graphql');
    vi.stubEnv('CONTENT_API_TOKEN', 'token');
    expect(guideFile('payment-links')).toBeNull();
  });
});
