import { afterEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { createSandbox, type SandboxOptions } from '@/lib/sandbox/sandbox';
import { MemoryStore } from '@/lib/sandbox/store/memory';
import { StoreUnavailableError } from '@/lib/sandbox/store/types';
import { sandboxConfig } from '../../support/sandbox-server';

/** A store that fails as a stream catches up on what came after its Last-Event-ID. */
class FailingCatchUpStore extends MemoryStore {
  override async deliveriesAfter(): Promise<never> {
    throw new StoreUnavailableError('The store did not answer.');
  }
}

/** Streams a test opened, cancelled after it so that none outlives it, and their readers. */
const opened: Response[] = [];
const readers = new WeakMap<Response, ReadableStreamDefaultReader<Uint8Array>>();
afterEach(async () => {
  const cancels = opened.splice(0).map((response) => {
    const reader = readers.get(response);
    return reader ? reader.cancel() : response.body?.cancel();
  });
  await Promise.all(cancels);
  vi.restoreAllMocks();
});

/** An in-process sandbox, and its clients, each calling from an address of its own. */
function sandboxWith(options: Partial<SandboxOptions>) {
  const sandbox = createSandbox({ config: sandboxConfig(), ...options });
  return (address: string) => {
    const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
      sandbox.handle(
        new Request(`http://127.0.0.1/sandbox${path}`, {
          method,
          headers: { 'x-forwarded-for': address, 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    return {
      token: async () => {
        const keys = {
          public_key: SANDBOX_KEY_PAIR.publicKey,
          private_key: SANDBOX_KEY_PAIR.privateKey,
        };
        const answer = await send('POST', '/v1/auth/token', {}, keys);
        return ((await answer.json()) as { access_token: string }).access_token;
      },
      get: (path: string, token: string) => send('GET', path, { authorization: `Bearer ${token}` }),
      stream: async (token: string, headers: Record<string, string> = {}) => {
        const response = await send('GET', '/inbox/stream', {
          authorization: `Bearer ${token}`,
          ...headers,
        });
        if (response.status === 200) opened.push(response);
        return response;
      },
    };
  };
}

/** Resolves once the stream has ended, however it ended. */
async function ended(response: Response) {
  const reader = response.body!.getReader();
  readers.set(response, reader);
  for (;;) {
    const { done } = await reader.read().catch(() => ({ done: true }));
    if (done) return;
  }
}

const codeOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

describe('the inbox streams of a sandbox instance', () => {
  it('count an open stream as a request in progress of its client, until it ends', async () => {
    const client = sandboxWith({ config: sandboxConfig({ concurrentRequests: 2 }) });
    const [reader, other] = [client('203.0.113.1'), client('203.0.113.2')];
    const [token, otherToken] = [await reader.token(), await other.token()];
    const streams = [await reader.stream(token), await reader.stream(token)];
    expect(streams.map((response) => response.status)).toEqual([200, 200]);
    const refused = await reader.get('/v1/charges', token);
    expect(refused.status).toBe(429);
    expect((await codeOf(refused)).message).toContain('requests are in progress');
    expect((await other.get('/v1/charges', otherToken)).status).toBe(200);
    await streams[0]!.body!.cancel();
    expect((await reader.get('/v1/charges', token)).status).toBe(200);
  });

  it('at the cap, close the oldest stream of the client holding the most for a client holding fewer', async () => {
    const client = sandboxWith({ streamLimits: { maxOpen: 3, maxPerSandbox: 3 } });
    const [heavy, light, late] = [
      client('203.0.113.1'),
      client('203.0.113.2'),
      client('203.0.113.3'),
    ];
    const [heavyToken, heavySecond] = [await heavy.token(), await heavy.token()];
    const [lightToken, lateToken] = [await light.token(), await late.token()];
    const oldest = await heavy.stream(heavyToken);
    const newer = await heavy.stream(heavyToken);
    const light1 = await light.stream(lightToken);
    // The client holding the most is refused, as at the cap before.
    const refused = await heavy.stream(heavySecond);
    expect(refused.status).toBe(429);
    expect((await codeOf(refused)).code).toBe('rate_limit_exceeded');
    const whichEnded = Promise.race(
      [oldest, newer, light1].map((response, index) => ended(response).then(() => index)),
    );
    expect((await late.stream(lateToken)).status).toBe(200);
    expect(await whichEnded).toBe(0);
    // Now each holds one: none holds fewer than another, so a new stream is refused.
    expect((await light.stream(lightToken)).status).toBe(429);
  });

  it('release both places of a stream whose store fails as it starts', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = sandboxWith({
      config: sandboxConfig({ concurrentRequests: 1 }),
      store: new FailingCatchUpStore(),
    });
    const reader = client('203.0.113.1');
    const token = await reader.token();
    // More failed streams than one sandbox may hold open, one after another.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const failed = await reader.stream(token, { 'last-event-id': 'dlv_seen' });
      expect(failed.status).toBe(200);
      await ended(failed);
    }
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('The store did not answer.'));
    expect((await reader.get('/v1/charges', token)).status).toBe(200);
    expect((await reader.stream(token)).status).toBe(200);
  });
});
