import 'server-only';
import { serverConfig } from '@/lib/config/server';
import { securityHeaders } from '@/lib/security/headers';
import { DIRECT_SEARCH, type DirectSearch } from '@/server/direct-search.mjs';
import { EMBEDDED_SEARCH } from './config';
import { answerSearchRequest } from './embedded-service';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Publishes the embedded search endpoint for the production server to answer directly
 * (server/direct-search.mjs); its route under app/api stays for `next start` and other methods.
 */
export function publishDirectSearch(): void {
  const service: DirectSearch = {
    queriesPath: new RegExp(`^${escaped(EMBEDDED_SEARCH.path)}/1/indexes/[^/?]+/queries(\\?|$)`),
    answer: answerSearchRequest,
    headers: Object.fromEntries(
      securityHeaders(serverConfig()).map(({ key, value }) => [key, value]),
    ),
  };
  (globalThis as Record<symbol, unknown>)[DIRECT_SEARCH] = service;
}
