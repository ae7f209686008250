import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getGuides } from '@/lib/guides';
import { fetchCmsGuide, fetchCmsGuides } from '@/lib/guides/cms-source';
import type { GuidesSource } from '@/lib/config/env';
import { cmsTestToken } from '../support/cms-fixtures';
import { startCmsServer, type CmsMode } from '../support/cms-server';

type CmsConfig = Extract<GuidesSource, { kind: 'cms' }>;
let cms: Awaited<ReturnType<typeof startCmsServer>>;
let config: CmsConfig;

const control = (path: string, body: unknown = {}) =>
  fetch(cms.controlUrl + path, { method: 'POST', body: JSON.stringify(body) }).then((r) =>
    r.json(),
  );
const setMode = (mode: CmsMode) => control('/mode', { mode });

beforeAll(async () => {
  cms = await startCmsServer(cmsTestToken);
  config = {
    kind: 'cms',
    url: cms.url,
    token: cmsTestToken,
    timeoutMs: 500,
    revalidateSeconds: 0,
  };
});
afterEach(() => control('/reset'));
afterAll(() => cms.close());

// SPEC 7: POST allGuides ordered by title, with the bearer token and both Accept types.
describe('the CMS source against a GraphQL server', () => {
  it('loads valid guides in title order with the bearer token and the Accept header', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const guides = await fetchCmsGuides(config);
    expect(guides.map((guide) => guide.title)).toEqual([
      'Accept Apple Pay on the web',
      'Collect a deposit at booking',
      'Reconcile <script>window.__pwned = true</script> payouts',
      'Split a payment across two cards',
    ]);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^Guide lost-guide dropped: category must be one of/),
    );
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^Guide \.\.\/\.\.\/package dropped: slug must be lower-case words/),
    );
    const [request] = await fetch(`${cms.controlUrl}/requests`).then((r) => r.json());
    expect(request.authorization).toBe(`Bearer ${cmsTestToken}`);
    expect(request.accept).toContain('application/graphql-response+json');
    expect(request.accept).toContain('application/json');
    expect(request.query).toMatch(/allGuides\(orderBy: title_ASC\)/);
    warn.mockRestore();
  });

  it('loads one guide with its body by slug, and null for an unknown slug', async () => {
    const guide = await fetchCmsGuide(config, 'collect-a-deposit');
    expect(guide).toMatchObject({ title: 'Collect a deposit at booking', format: 'md' });
    expect(guide?.body).toContain('## Take the deposit');
    expect(await fetchCmsGuide(config, 'no-such-guide')).toBeNull();
  });

  it.each([
    ['status-500', 'GraphQL Error (Code: 500)'],
    ['graphql-errors', 'Model "guide" is being migrated'],
    ['hang', 'The content service did not answer within 500 ms'],
  ] as const)('fails with a clean message when the server answers %s', async (mode, message) => {
    await setMode(mode);
    await expect(fetchCmsGuides(config)).rejects.toThrow(new Error(message));
  });

  it('uses the first error message of a rejected token, never echoing the token', async () => {
    const error = await fetchCmsGuides({ ...config, token: 'wrong-token' }).catch((e) => e);
    expect(error.message).toBe('Invalid API token');
  });

  it('fails when the server is down', async () => {
    await control('/down');
    const error = await fetchCmsGuides(config).catch((e) => e);
    await control('/up');
    expect(error.message).toMatch(/^fetch failed \(ECONNREFUSED\)$/);
  });
});

// SPEC 8: any failure logs the line, empties the list, and never throws.
describe('getGuides with the CMS configured', () => {
  beforeAll(() => {
    vi.stubEnv('CONTENT_API_URL', cms.url);
    vi.stubEnv('CONTENT_API_TOKEN', cmsTestToken);
    vi.stubEnv('CONTENT_API_TIMEOUT_MS', '500');
  });
  afterAll(() => vi.unstubAllEnvs());

  it.each(['status-500', 'graphql-errors', 'hang'] as const)(
    'logs "Error fetching guides in _app:" and returns no guides on %s',
    async (mode) => {
      await setMode(mode);
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(await getGuides()).toEqual([]);
      expect(error).toHaveBeenCalledTimes(1);
      const [prefix, detail] = error.mock.calls[0]!;
      expect(prefix).toBe('Error fetching guides in _app:');
      expect(String(detail)).not.toContain(cmsTestToken);
      expect(String(detail)).not.toContain('{');
      error.mockRestore();
    },
  );

  it('returns the guides when the server answers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await getGuides()).map((guide) => guide.slug)).toEqual([
      'apple-pay-on-the-web',
      'collect-a-deposit',
      'reconcile-payouts',
      'split-a-payment',
    ]);
  });
});
