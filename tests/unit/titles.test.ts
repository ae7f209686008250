import { describe, expect, it } from 'vitest';
import { pageTitle, stripSiteSuffix } from '@/lib/titles';

describe('pageTitle', () => {
  it('appends the product name', () => {
    expect(pageTitle('Webhooks')).toBe('Webhooks | Kestrel Pay');
    expect(pageTitle('API Docs')).toBe('API Docs | Kestrel Pay');
  });
});

describe('stripSiteSuffix', () => {
  it('removes a trailing product suffix', () => {
    expect(stripSiteSuffix('Webhooks | Kestrel Pay')).toBe('Webhooks');
  });

  it('leaves other titles alone', () => {
    expect(stripSiteSuffix('Webhooks')).toBe('Webhooks');
    expect(stripSiteSuffix('Kestrel Pay | Webhooks')).toBe('Kestrel Pay | Webhooks');
  });

  it('undoes pageTitle', () => {
    expect(stripSiteSuffix(pageTitle('Tokenised Cards'))).toBe('Tokenised Cards');
  });
});
