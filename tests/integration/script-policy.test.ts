// Each HTML answer's policy allows that page's own inline scripts (proxy.ts): the build's hashes
// for an immutable page, a fresh nonce for one rendered per request.
import { describe, expect, inject, it } from 'vitest';
import { scriptHashes } from '@/lib/security/script-hashes.mjs';

const baseUrl = inject('baseUrl');

/** The sources of an answer's script-src directive. */
function scriptSources(response: Response): string[] {
  const policy = response.headers.get('content-security-policy') ?? '';
  const directive = policy.split(';').find((part) => /^\s*script-src\s/.test(part));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

const nonces = (sources: string[]) => sources.filter((source) => source.startsWith("'nonce-"));

describe('the policy of an HTML answer', () => {
  it('lists exactly an immutable page’s hashes when Next.js answers it, with no nonce', async () => {
    // A query string keeps the page cache out of it: Next.js answers.
    const response = await fetch(`${baseUrl}/webhooks?from=policy-test`);
    const sources = scriptSources(response);
    expect(sources).toEqual(expect.arrayContaining(scriptHashes(await response.text())));
    expect(nonces(sources)).toEqual([]);
    expect(sources).not.toContain("'unsafe-inline'");
  });

  it('gives a page rendered per request a fresh nonce, never one the client sent', async () => {
    const sent = "script-src 'nonce-Y2xpZW50Y2hvc2Vu'";
    const answers = await Promise.all(
      [1, 2].map(() =>
        fetch(`${baseUrl}/no-such-page`, { headers: { 'content-security-policy': sent } }),
      ),
    );
    const [first, second] = answers.map((answer) => nonces(scriptSources(answer)));
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(first).not.toEqual(second);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(scriptSources(answer)).not.toContain("'nonce-Y2xpZW50Y2hvc2Vu'");
      expect(await answer.text()).not.toContain('Y2xpZW50Y2hvc2Vu');
    }
  });

  it('gives a client navigation’s payload, which is not HTML, its page’s policy and no nonce', async () => {
    // The proxy is not told which answers are payloads (Next.js keeps their headers from it);
    // a policy applies to no script in a payload, so its page's is as good as any.
    const page = scriptSources(await fetch(`${baseUrl}/webhooks?from=policy-test`));
    const response = await fetch(`${baseUrl}/webhooks`, { headers: { rsc: '1' } });
    expect(response.headers.get('content-type')).toMatch(/^text\/x-component/);
    expect(scriptSources(response)).toEqual(page);
    expect(nonces(scriptSources(response))).toEqual([]);
  });
});
