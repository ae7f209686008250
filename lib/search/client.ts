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

/** The embedded service's host as seen from a page on `location`. */
export function embeddedHost(location: { host: string; protocol: string }, path: string): Host {
  return {
    url: `${location.host}${path}`,
    protocol: location.protocol === 'https:' ? 'https' : 'http',
    accept: 'readWrite',
  };
}
