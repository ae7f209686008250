import { DEFAULT_SITE_URL } from '@/lib/config/public';

/** A host name, an IPv4 address or a bracketed IPv6 address, with an optional port; nothing else. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

type OriginSettings = {
  /** Whether a proxy in front sets `X-Forwarded-Host` and `X-Forwarded-Proto` (TRUST_PROXY). */
  trustProxy: boolean;
  /** NEXT_PUBLIC_SITE_URL, or its default when unset. */
  siteUrl: string;
};

/** The origin to hand back to a client, and the headers an answer naming it must carry. */
export type RequestOrigin = { origin: string; headers: Record<string, string> };

/**
 * The site's origin, for addresses handed back to a client (the forwarder's site, the MCP
 * server's base URL). With NEXT_PUBLIC_SITE_URL set, that: a request cannot change it. Unset (its
 * default stands for unset: a server on a developer's machine), the host the client addressed, since
 * Next.js builds a route's URL from the server's own host name; behind a trusted proxy, the
 * forwarded one. A host that is not a plain host name or address is ignored, and an answer that
 * names the request's host may not be kept for another client.
 */
export function requestOrigin(request: Request, settings: OriginSettings): RequestOrigin {
  if (settings.siteUrl !== DEFAULT_SITE_URL) {
    return { origin: new URL(settings.siteUrl).origin, headers: {} };
  }
  const url = new URL(request.url);
  const forwarded = (name: string) =>
    settings.trustProxy ? request.headers.get(name)?.split(',')[0]?.trim() : undefined;
  const host = forwarded('x-forwarded-host') || request.headers.get('host');
  const forwardedProtocol = forwarded('x-forwarded-proto')?.toLowerCase();
  const protocol =
    forwardedProtocol === 'https' || forwardedProtocol === 'http'
      ? forwardedProtocol
      : url.protocol.slice(0, -1);
  let origin = url.origin;
  if (host && HOST.test(host)) {
    try {
      origin = new URL(`${protocol}://${host}`).origin;
    } catch {
      // A port beyond 65535: the server's own origin.
    }
  }
  const varying = settings.trustProxy ? 'Host, X-Forwarded-Host, X-Forwarded-Proto' : 'Host';
  return { origin, headers: { 'Cache-Control': 'private, no-store', Vary: varying } };
}
