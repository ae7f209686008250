import { describe, expect, it } from 'vitest';
import { lastCommitDate } from '@/lib/git-history';
import { localGuideFile } from '@/lib/guides/local-source';
import { editUrl, pageHistory } from '@/lib/page-history';

describe('pageHistory', () => {
  it('links a repository file to its editor and dates it from git', async () => {
    const history = await pageHistory('content/docs/errors.mdx');
    expect(history?.editUrl).toBe(editUrl('content/docs/errors.mdx'));
    expect(history?.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });

  it('has no date for a file git has never seen, and no history without a file', async () => {
    expect(await lastCommitDate('content/docs/no-such-page.mdx')).toBeNull();
    expect(await pageHistory(null)).toBeNull();
  });
});

describe('localGuideFile', () => {
  it('names the MDX file of a local guide', () => {
    expect(localGuideFile('payment-links')).toBe('content/guides/payment-links.mdx');
  });
});
