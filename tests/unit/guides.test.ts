import { ClientError } from 'graphql-request';
import { describe, expect, it, vi } from 'vitest';
import { cmsErrorMessage } from '@/lib/guides/cms-source';
import { guideCategoryOfRoute, sortByTitle, validGuides } from '@/lib/guides/model';
import { GUIDE_CATEGORIES } from '@/lib/navigation';

const guide = {
  id: 'g1',
  title: 'Refund a payment',
  slug: 'refund-a-payment',
  summary: 'Give money back.',
  category: 'payment-operations',
  image: { url: '/guides/refund.svg', alt: 'A refund', title: null },
};

describe('guide categories', () => {
  it('are the four Guides links of the menu', () => {
    expect(GUIDE_CATEGORIES).toEqual([
      'setup-account',
      'develop-integration',
      'accept-payments',
      'payment-operations',
    ]);
  });

  it('are recognised only on their own category routes', () => {
    expect(guideCategoryOfRoute('/categories/accept-payments')).toBe('accept-payments');
    expect(guideCategoryOfRoute('/categories/holidays')).toBeNull();
    expect(guideCategoryOfRoute('/resources/charges')).toBeNull();
  });
});

describe('sortByTitle', () => {
  it('orders A to Z regardless of case, without changing the input', () => {
    const input = [{ title: 'b' }, { title: 'C' }, { title: 'a' }];
    expect(sortByTitle(input).map((g) => g.title)).toEqual(['a', 'b', 'C']);
    expect(input.map((g) => g.title)).toEqual(['b', 'C', 'a']);
  });
});

describe('validGuides', () => {
  it('keeps valid guides and fills optional image fields', () => {
    expect(validGuides([{ ...guide, image: { url: '/x.svg' } }])).toEqual([
      { ...guide, image: { url: '/x.svg', alt: '', title: null } },
    ]);
    expect(validGuides([{ ...guide, image: null }])[0]?.image).toBeNull();
  });

  it('keeps a guide but leaves out a picture the site cannot serve safely', () => {
    const kept = validGuides(
      [
        'javascript:alert(1)',
        '//evil.example/x.png',
        '/../../etc/passwd',
        'https://evil.example/x.png',
        'http://www.datocms-assets.com/x.png',
      ].map((url, index) => ({ ...guide, slug: `guide-${index}`, image: { url } })),
    );
    expect(kept.map((entry) => entry.image)).toEqual([null, null, null, null, null]);
    const hosted = { url: 'https://www.datocms-assets.com/1/x.png' };
    expect(validGuides([{ ...guide, image: hosted }])[0]?.image?.url).toBe(hosted.url);
  });

  it('drops invalid entries, logging which and why', () => {
    const log = vi.fn();
    const kept = validGuides(
      [guide, { ...guide, slug: 'Bad Slug' }, { ...guide, category: 'holidays', slug: 'x' }, null],
      log,
    );
    expect(kept).toHaveLength(1);
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      expect.stringMatching(/^Guide Bad Slug dropped: slug must be lower-case words/),
      expect.stringMatching(/^Guide x dropped: category must be one of setup-account/),
      expect.stringMatching(/^Guide entry 3 dropped/),
    ]);
  });
});

describe('cmsErrorMessage', () => {
  const config = { timeoutMs: 5000, token: 'secret-token' };
  const request = { query: '{ allGuides { id } }' };

  it('uses the first GraphQL error message', () => {
    const error = new ClientError(
      {
        status: 200,
        headers: new Headers(),
        errors: [{ message: 'First' }, { message: 'Second' }],
      } as never,
      request,
    );
    expect(error.message).toContain('{"response"');
    expect(cmsErrorMessage(error, config)).toBe('First');
  });

  it('falls back to the status code without the appended response', () => {
    const error = new ClientError({ status: 502, headers: new Headers() } as never, request);
    expect(cmsErrorMessage(error, config)).toBe('GraphQL Error (Code: 502)');
  });

  it('names a timeout and a network failure, and never echoes the token', () => {
    const timeout = new DOMException('The operation timed out', 'TimeoutError');
    expect(cmsErrorMessage(timeout, config)).toBe(
      'The content service did not answer within 5000 ms',
    );
    const refused = new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    expect(cmsErrorMessage(refused, config)).toBe('fetch failed (ECONNREFUSED)');
    expect(cmsErrorMessage(new Error('bad secret-token'), config)).toBe('bad [token]');
  });
});
