import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createSearchClient } from '@/lib/search/client';
import { EMBEDDED_SEARCH, SEARCH_TIMEOUTS } from '@/lib/search/config';
import { createSearchEngine } from '@/lib/search/engine';
import { answerQueries, parseQueriesBody } from '@/lib/search/protocol';
import { recordsOf } from '@/lib/search/records';
import { assignHeadingIds } from '@/lib/mdx/headings';
import { parseMdx } from '@/lib/mdx/parse';

const tree = parseMdx('## Create a refund\n\nRefund a charge.', { format: 'md', file: 'refunds' });
const engine = createSearchEngine(
  recordsOf(
    {
      route: '/resources/refunds',
      title: 'Refunds',
      description: 'Give money back.',
      group: 'Core Resources',
      kind: 'resource',
      file: null,
    },
    { tree, sections: assignHeadingIds(tree) },
    'http://localhost',
  ),
);

type Behaviour = 'answer' | 'hang' | 'fail';
const servers: Server[] = [];

/** A search host on localhost that answers with the protocol, hangs, or fails with 500. */
async function startHost(behaviour: Behaviour) {
  const calls = { count: 0 };
  const server = createServer(async (request, response) => {
    calls.count += 1;
    let body = '';
    for await (const chunk of request) body += chunk;
    if (behaviour === 'hang') return;
    if (behaviour === 'fail') return void response.writeHead(500).end('{"message":"down"}');
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(await answerQueries(engine, parseQueriesBody(body))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return {
    host: { url: `127.0.0.1:${port}`, protocol: 'http' as const, accept: 'readWrite' as const },
    calls,
  };
}

const search = (client: ReturnType<typeof createSearchClient>) =>
  client.search({
    requests: [{ indexName: EMBEDDED_SEARCH.indexName, query: 'refund', hitsPerPage: 5 }],
  });
const hitsOf = (response: Awaited<ReturnType<typeof search>>) =>
  (response.results[0] as { hits: { path: string }[] }).hits.map((hit) => hit.path);

afterEach(() => vi.useRealTimers());
afterAll(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

// SPEC 8 and 9: timeouts 1 s / 2 s / 30 s, failover to the next host, 2-minute host cooldown.
describe('the search client', () => {
  const target = { kind: 'embedded' as const, ...EMBEDDED_SEARCH };

  it('runs with the spec timeouts', () => {
    const client = createSearchClient(target);
    expect(client.transporter.timeouts).toEqual(SEARCH_TIMEOUTS);
  });

  it('fails over from a host that hangs to one that answers', async () => {
    const hanging = await startHost('hang');
    const answering = await startHost('answer');
    const client = createSearchClient(target, { hosts: [hanging.host, answering.host] });
    expect(hitsOf(await search(client))).toContain('/resources/refunds');
    expect(hanging.calls.count).toBe(1);
  });

  it('skips a failed host for 120 s, then tries it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const failing = await startHost('fail');
    const answering = await startHost('answer');
    const client = createSearchClient(target, { hosts: [failing.host, answering.host] });

    await search(client);
    expect(failing.calls.count).toBe(1);
    vi.setSystemTime(Date.now() + 60_000);
    await search(client);
    expect(failing.calls.count).toBe(1);
    vi.setSystemTime(Date.now() + 61_000);
    await search(client);
    expect(failing.calls.count).toBe(2);
    expect(answering.calls.count).toBe(3);
  });

  it('rejects when every host is down, for the dialog to show no hits', async () => {
    const failing = await startHost('fail');
    const client = createSearchClient(target, { hosts: [failing.host] });
    await expect(search(client)).rejects.toThrow();
  });
});
