/**
 * The origin a client addressed, for addresses handed back to it: Next.js gives a route a URL
 * built from the server's own host name, not the one the client used. Behind a proxy that sets
 * `X-Forwarded-Host` and `X-Forwarded-Proto` (TRUST_PROXY=true), the public origin. A forged
 * `Host` only misleads the client that sent it: the answers that use this are never shared.
 */
export function requestOrigin(request: Request, trustProxy: boolean): string {
  const url = new URL(request.url);
  const forwarded = (name: string) =>
    trustProxy ? request.headers.get(name)?.split(',')[0]?.trim() : undefined;
  const host = forwarded('x-forwarded-host') || request.headers.get('host') || url.host;
  const protocol = forwarded('x-forwarded-proto') || url.protocol.replace(/:$/, '');
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return url.origin;
  }
}
