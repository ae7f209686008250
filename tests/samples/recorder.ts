// A proxy on 127.0.0.1 in front of the site that tells the samples apart: sample `n` is given
// the origin `<proxy>/s/<n>`, and every request it sends is recorded under `n` with its answer.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a sample sent, and what the sandbox answered. */
export type Exchange = { method: string; path: string; status: number; body: unknown };

const SAMPLE_PATH = /^\/s\/(\d+)(\/.*)$/;
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

const jsonOf = (text: string) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

export async function startSampleRecorder(site: string) {
  const exchanges = new Map<number, Exchange[]>();
  const server = createServer(async (request, reply) => {
    const [, n, rest] = SAMPLE_PATH.exec(request.url ?? '') ?? [];
    if (!n || !rest) {
      reply.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = Object.entries(request.headers).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && !HOP_HEADERS.has(entry[0]),
    );
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const answer = await fetch(`${site}${rest}`, {
      method: request.method,
      headers,
      body: hasBody ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
    });
    const text = await answer.text();
    const list = exchanges.get(Number(n)) ?? [];
    list.push({
      method: request.method!,
      path: rest.replace(/^\/sandbox/, '').split('?')[0]!,
      status: answer.status,
      body: jsonOf(text),
    });
    exchanges.set(Number(n), list);
    const answerHeaders = [...answer.headers].filter(
      ([name]) => !HOP_HEADERS.has(name) && name !== 'content-encoding',
    );
    reply.writeHead(answer.status, Object.fromEntries(answerHeaders)).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The origin sample `n` is written for. */
    originOf: (n: number) => `http://127.0.0.1:${port}/s/${n}`,
    exchangesOf: (n: number) => exchanges.get(n) ?? [],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
