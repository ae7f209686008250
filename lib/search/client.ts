import { createNullCache } from '@algolia/client-common';
import { liteClient } from 'algoliasearch/lite';
import { SEARCH_TIMEOUTS, type SearchTarget } from './config';
import { createHostsCache } from './hosts-cache';

type Host = { url: string; protocol: 'http' | 'https'; accept: 'read' | 'write' | 'readWrite' };

/**
 * The search client: the hosted service's own hosts, or the site's embedded service. Timeouts
 * are set here explicitly because the Node and browser builds default to different ones. The
 * client keeps no answers of its own (its default cache grows with every query typed): the
 * dialog keeps a small one (`latestOnly`).
 */
export function createSearchClient(target: SearchTarget, options: { hosts?: Host[] } = {}) {
  return liteClient(target.appId, target.apiKey, {
    timeouts: { ...SEARCH_TIMEOUTS },
    hostsCache: createHostsCache(),
    responsesCache: createNullCache(),
    ...(options.hosts ? { hosts: options.hosts } : {}),
  });
}

/** Tries the embedded service gets per query: the first, then retries after a timeout or failure. */
const EMBEDDED_SEARCH_ATTEMPTS = 3;

/**
 * The embedded service's host as seen from a page on `location`, listed once per attempt: the
 * client retries a timed-out or failed request only on the next host in its list, and the one
 * service is all of them (each retry waits longer, as the client lengthens the timeouts).
 */
export function embeddedHosts(location: { host: string; protocol: string }, path: string): Host[] {
  const host: Host = {
    url: `${location.host}${path}`,
    protocol: location.protocol === 'https:' ? 'https' : 'http',
    accept: 'readWrite',
  };
  return Array.from({ length: EMBEDDED_SEARCH_ATTEMPTS }, () => host);
}
