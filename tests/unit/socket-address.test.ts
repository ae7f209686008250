import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddress, UNTRUSTED_CLIENTS } from '@/lib/http/client-address';
import { stampedSocketAddress, stampSocketAddresses } from '@/lib/config/socket-address.mjs';

const VARIABLE = 'SOCKET_ADDRESS_HEADER';
afterEach(() => {
  delete process.env[VARIABLE];
});

/** A Node.js request from `remoteAddress`, with `headers`. */
const incoming = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ headers: { ...headers }, socket: { remoteAddress } }) as unknown as IncomingMessage;

/** The web request Next.js makes of it, with its headers as they are now. */
const asWebRequest = (message: IncomingMessage) =>
  new Request('http://127.0.0.1/sandbox/v1/charges', {
    headers: message.headers as Record<string, string>,
  });

describe('the socket address stamped by the production server', () => {
  it("reaches the route as the client's address, whatever the client sent", () => {
    const stamp = stampSocketAddresses();
    const name = process.env[VARIABLE]!;
    const message = incoming('127.0.0.7', { [name]: '203.0.113.9', 'x-forwarded-for': '10.0.0.1' });
    stamp(message);
    const request = asWebRequest(message);
    expect(stampedSocketAddress(request)).toBe('127.0.0.7');
    expect(clientAddress(request, false)).toBe('127.0.0.7');
  });

  it('is drawn afresh for each process, so no client can guess its header', () => {
    stampSocketAddresses();
    const first = process.env[VARIABLE];
    stampSocketAddresses();
    expect(process.env[VARIABLE]).not.toBe(first);
    expect(process.env[VARIABLE]).toMatch(/^x-socket-address-[0-9a-f-]{36}$/);
  });

  it('counts for nothing under a server that stamps none', () => {
    const request = asWebRequest(incoming('127.0.0.7', { 'x-socket-address': '203.0.113.9' }));
    expect(stampedSocketAddress(request)).toBeUndefined();
    expect(clientAddress(request, false)).toBe(UNTRUSTED_CLIENTS);
  });
});
