import { socketAddressHeaderName, stampedSocketAddress } from '@/lib/config/socket-address.mjs';

/** The key every client shares when the site cannot tell clients apart. */
export const UNTRUSTED_CLIENTS = 'untrusted-clients';

/**
 * The client a per-client limit counts against. Behind a proxy that appends each client's
 * address to `X-Forwarded-For` (TRUST_PROXY=true), its last entry. Without one the header
 * proves nothing: a client may send any value, and Next.js passes it on, filling it from the
 * socket only when it is absent. So the connection's own address counts, read from the socket
 * by the caller (`socketAddress`) or by the production server (lib/config/socket-address.mjs),
 * and otherwise every client shares one key, so that no forged header can buy a fresh allowance.
 */
export function clientAddress(
  request: Request,
  trustProxy: boolean,
  socketAddress = stampedSocketAddress(request),
): string {
  if (!trustProxy) return socketAddress || UNTRUSTED_CLIENTS;
  const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return forwarded || socketAddress || UNTRUSTED_CLIENTS;
}

/**
 * The headers that identify a request's client, to carry onto a request the site makes to
 * itself on that client's behalf, so the client's own limits apply to it.
 */
export function clientHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  const name = socketAddressHeaderName();
  const stamped = name && request.headers.get(name);
  if (name && stamped) headers[name] = stamped;
  const forwarded = request.headers.get('x-forwarded-for');
  if (forwarded) headers['x-forwarded-for'] = forwarded;
  return headers;
}
