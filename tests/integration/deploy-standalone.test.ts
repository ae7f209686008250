// A standalone build (NEXT_OUTPUT=standalone) is a folder that runs anywhere: copied out of the
// repository, its documented start serves the site as `npm start` does, policy layer included.
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_HASHES_FILE } from '@/lib/security/page-scripts';
import { EMBEDDED_SEARCH } from '@/lib/search/config';
import { scriptHashes } from '@/lib/security/script-hashes.mjs';
import { connectMcp } from '../support/mcp-client';
import { CHARGE } from '../support/sandbox-session';
import { sandboxToken } from '../support/sandbox-token';
import { standaloneBuild, startStandalone, type Standalone } from '../support/deploy-standalone';

let copy: Standalone | undefined;
let site: Awaited<ReturnType<typeof startStandalone>>;

beforeAll(async () => {
  const built = await standaloneBuild();
  // Outside the repository: nothing it reads may come from the checkout.
  const folder = path.join(await mkdtemp(path.join(tmpdir(), 'standalone-')), 'site');
  await cp(built.folder, folder, { recursive: true, verbatimSymlinks: true });
  copy = { folder, distDir: built.distDir };
  site = await startStandalone(copy);
}, 300_000);
afterAll(async () => {
  await site?.stop();
  if (copy) await rm(path.dirname(copy.folder), { recursive: true, force: true });
});

/** The script sources of a policy's script-src directive. */
const scriptSources = (policy: string) =>
  /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.trim().split(/\s+/) ?? [];

describe('a standalone build copied out of the repository', () => {
  it('serves a docs page whose policy allows each of its inline scripts by hash', async () => {
    const answer = await fetch(`${site.url}/resources/charges`);
    expect(answer.status).toBe(200);
    const sources = scriptSources(answer.headers.get('content-security-policy') ?? '');
    expect(sources).not.toContain("'unsafe-inline'");
    const pageHashes = scriptHashes(await answer.text());
    expect(pageHashes.length).toBeGreaterThan(0);
    expect(sources).toEqual(expect.arrayContaining(pageHashes));
  });

  it('answers an assistant at /mcp from the content and document it carries', async () => {
    const mcp = await connectMcp(site.url);
    try {
      const found = await mcp.call('search_docs', { query: 'refunds', limit: 3 });
      expect(new URL(found.json.hits[0].url).pathname).toBe('/resources/refunds');
      const section = await mcp.call('read_page', {
        page: '/webhooks',
        section: 'retries-and-responses',
      });
      expect(section.text).toContain('## Retries and responses');
      const operation = await mcp.call('get_operation', { operation: 'createRefund' });
      expect(operation.json.path).toBe('/v1/refunds');
      const scenarios = await mcp.call('list_scenarios', { operation: 'createCharge' });
      expect(scenarios.json.count).toBeGreaterThan(0);
    } finally {
      await mcp.close();
    }
  });

  it('answers search queries', async () => {
    const credentials = `x-algolia-application-id=${EMBEDDED_SEARCH.appId}&x-algolia-api-key=${EMBEDDED_SEARCH.apiKey}`;
    const answer = await fetch(
      `${site.url}${EMBEDDED_SEARCH.path}/1/indexes/*/queries?${credentials}`,
      {
        method: 'POST',
        body: JSON.stringify({
          requests: [{ indexName: EMBEDDED_SEARCH.indexName, query: 'refunds', hitsPerPage: 5 }],
        }),
      },
    );
    expect(answer.status).toBe(200);
    expect((await answer.json()).results[0].hits[0].path).toBe('/resources/refunds');
  });

  it('answers a sandbox token request and creates a charge with it', async () => {
    const token = await sandboxToken(site.url);
    const charge = await fetch(`${site.url}/sandbox/v1/charges`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(CHARGE),
    });
    expect(charge.status).toBe(201);
  });

  it('renders a page on request from the content it carries: an unknown guide is a 404', async () => {
    const answer = await fetch(`${site.url}/guides/no-such-guide`);
    expect(answer.status).toBe(404);
    expect(site.output()).not.toContain('ENOENT');
  });

  it('serves the same pages under the server.js Next.js writes, as on a Next.js host', async () => {
    const nextServer = await startStandalone(copy!, {}, 'node server.js');
    try {
      const answer = await fetch(`${nextServer.url}/resources/charges`);
      expect(answer.status).toBe(200);
      const sources = scriptSources(answer.headers.get('content-security-policy') ?? '');
      expect(sources).toEqual(expect.arrayContaining(scriptHashes(await answer.text())));
    } finally {
      await nextServer.stop();
    }
  });

  it('refuses to start without the script hashes; Next.js’s server then answers no page', async () => {
    await site.stop();
    await rm(path.join(copy!.folder, copy!.distDir, SCRIPT_HASHES_FILE));
    await expect(startStandalone(copy!)).rejects.toThrow(/script-hashes\.json/);
    const nextServer = await startStandalone(copy!, {}, 'node server.js');
    try {
      expect((await fetch(`${nextServer.url}/resources/charges`)).status).toBe(500);
      expect(nextServer.output()).toMatch(/script-hashes\.json/);
    } finally {
      await nextServer.stop();
    }
  });
});
