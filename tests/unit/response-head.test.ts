import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { limitNotFoundLifetime, NOT_FOUND_CACHE_CONTROL } from '@/server/not-found-lifetime.mjs';
import { beforeHead } from '@/server/response-head.mjs';

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

/** The headers a client receives when `answer` handles the request on a real server. */
async function received(answer: (response: ServerResponse) => void) {
  const server = createServer((_request, response) => answer(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`);
  await response.arrayBuffer();
  return response;
}

describe('hooks run as the head is written', () => {
  it('see the headers given to writeHead itself, in the order they were added', async () => {
    const seen: string[] = [];
    const response = await received((reply) => {
      beforeHead(reply, (status) => seen.push(`first ${status} ${reply.getHeader('x-given')}`));
      beforeHead(reply, () => {
        seen.push('second');
        reply.setHeader('x-added', 'yes');
      });
      reply.writeHead(202, { 'x-given': 'by writeHead' }).end();
    });
    expect(seen).toEqual(['first 202 by writeHead', 'second']);
    expect(response.headers.get('x-given')).toBe('by writeHead');
    expect(response.headers.get('x-added')).toBe('yes');
  });

  it("cap a 404's lifetime given to writeHead, not only one set before", async () => {
    const response = await received((reply) => {
      limitNotFoundLifetime(reply);
      reply.writeHead(404, { 'cache-control': 's-maxage=31536000, stale-while-revalidate' }).end();
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe(NOT_FOUND_CACHE_CONTROL);
  });
});
