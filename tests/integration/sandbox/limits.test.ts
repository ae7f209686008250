// The limits of a public sandbox, each on a server of its own: bodies that arrive too slowly or
// are too large, the memory its store may hold, an unforeseen failure, and the sandbox switched
// off. Its rate limits are tested in rate-limits.test.ts.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '@/lib/sandbox/limits';
import type { SandboxObject } from '@/lib/sandbox/model';
import { MemoryStore } from '@/lib/sandbox/store/memory';
import { sandboxConfig, startSandboxServer } from '../../support/sandbox-server';
import { slowPost } from '../../support/slow-post';

let server: Awaited<ReturnType<typeof startSandboxServer>> | undefined;
afterEach(() => server?.close());

describe('limits of a public sandbox', () => {
  it('gives up on a body still arriving after the timeout with 408', async () => {
    server = await startSandboxServer({ config: { ...sandboxConfig(), bodyTimeoutMs: 200 } });
    const token = await server.token();
    const { done } = slowPost(server.origin, token);
    expect(await done).toBe(408);
  });

  it('refuses a body over the limit with 413, streamed without a length too', async () => {
    server = await startSandboxServer();
    const token = await server.token();
    const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES), email: 'a@example.com' });
    const declared = await fetch(`${server.base}/v1/customers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.type).toBe('invalid_request_error');
    const streamed = await fetch(`${server.base}/v1/customers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('keeps memory within its caps: objects per sandbox and sandboxes held', async () => {
    // Room for the steps the story leaves to come in each sandbox, and a few objects.
    const maxObjects = 24;
    const store = new MemoryStore({ maxObjects, maxSandboxes: 2, maxSandboxesPerClient: 2 });
    server = await startSandboxServer({ store });
    const token = await server.token();
    const create = () =>
      server!.call('POST', '/v1/customers', {
        token,
        body: { name: 'Amelia Hart', email: 'amelia@example.com' },
        headers: { 'Idempotency-Key': randomUUID() },
      });
    expect(server.sandbox.model.story.steps.length).toBeLessThan(maxObjects);
    for (let index = 0; index < maxObjects; index += 1) expect((await create()).status).toBe(201);
    const full = await create();
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('sandbox_full');
    expect(full.body.error.message).toContain('new access token');
    await server.token();
    await server.token();
    expect(store.stats().sandboxes).toBe(2);
    const dropped = await server.call('GET', '/v1/customers', { token });
    expect(dropped.body.error.code).toBe('token_invalid');
  });

  it('changes nothing when a create finds the sandbox full: no object, no event, no replay', async () => {
    server = await startSandboxServer({ store: new MemoryStore({ maxBytes: 16 * 1024 }) });
    const token = await server.token();
    const state = async () => ({
      customers: (await server!.call('GET', '/v1/customers?limit=100', { token })).body.data,
      inbox: (await server!.call('GET', '/inbox', { token })).body.data,
    });
    for (let created = 0; created < 100; created += 1) {
      const before = await state();
      const request = {
        token,
        body: { name: `Customer ${created}`, email: 'amelia@example.com' },
        headers: { 'Idempotency-Key': randomUUID() },
      };
      const answer = await server.call('POST', '/v1/customers', request);
      if (answer.status === 201) continue;
      expect(answer.status).toBe(409);
      expect(await state()).toEqual(before);
      const retried = await server.call('POST', '/v1/customers', request);
      expect(retried.status).toBe(409);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      return;
    }
    throw new Error('The sandbox never filled up.');
  });

  it('answers an unforeseen failure with the documented 500, which a retry with the same key runs again', async () => {
    class FailingStore extends MemoryStore {
      failing = true;
      override async put(sandboxId: string, kind: string, key: string, object: SandboxObject) {
        if (this.failing) throw new Error('The disk is full.');
        return super.put(sandboxId, kind, key, object);
      }
    }
    const store = new FailingStore();
    server = await startSandboxServer({ store });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const token = await server.token();
    const request = {
      token,
      body: { name: 'Amelia Hart', email: 'amelia@example.com' },
      headers: { 'Idempotency-Key': randomUUID() },
    };
    const failed = await server.call('POST', '/v1/customers', request);
    expect(failed.status).toBe(500);
    expect(failed.body.error).toMatchObject({ type: 'api_error', code: 'internal_error' });
    expect(failed.body.error.request_id).toBe(failed.headers.get('kestrel-request-id'));
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
    store.failing = false;
    const retried = await server.call('POST', '/v1/customers', request);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers 404 on every sandbox path when switched off', async () => {
    server = await startSandboxServer({ config: { ...sandboxConfig(), enabled: false } });
    for (const path of ['/v1/auth/token', '/v1/charges', '/inbox', '/inbox/stream']) {
      const response = await fetch(`${server.base}${path}`, {
        method: path.includes('token') ? 'POST' : 'GET',
      });
      expect(response.status).toBe(404);
    }
  });
});
