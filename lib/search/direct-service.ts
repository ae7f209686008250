// The embedded search endpoint as the production server answers it (server/direct-search.mjs),
// without Next.js's route pipeline. The build bundles this module and all it uses into the build
// folder (lib/build/direct-search.ts), so the server runs the same code as the endpoint's route
// and loads it as a module of its own, instead of reaching into Next.js's bundles.
import 'server-only';
import { serverConfig } from '@/lib/config/server';
import { securityHeaders } from '@/lib/security/headers';
import { EMBEDDED_SEARCH } from './config';
import { prepareEmbeddedSearch } from './embedded-engine';
import { answerSearchRequest } from './embedded-service';

export type DirectSearch = {
  /** The multi-index queries path, query string allowed. */
  queriesPath: RegExp;
  /** The endpoint's handler; the connection's address tells clients apart where no proxy does. */
  answer: (request: Request, socketAddress?: string) => Promise<Response>;
  /** What next.config.ts adds to every response. */
  headers: Record<string, string>;
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The endpoint, its index built now so the first search is as quick as any other; undefined
 * when search is hosted elsewhere.
 */
export function createDirectSearch(): DirectSearch | undefined {
  if (serverConfig().search.kind !== 'embedded') return undefined;
  prepareEmbeddedSearch();
  return {
    queriesPath: new RegExp(`^${escaped(EMBEDDED_SEARCH.path)}/1/indexes/[^/?]+/queries(\\?|$)`),
    answer: answerSearchRequest,
    headers: Object.fromEntries(
      securityHeaders(serverConfig()).map(({ key, value }) => [key, value]),
    ),
  };
}
