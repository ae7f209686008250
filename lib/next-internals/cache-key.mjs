// The key under which Next.js keeps a page in its cache: in Next.js 16
// `/route-cache/APP_PAGE/<hash>/$` followed by the page's path (`/index` for `/`), in earlier
// versions the path alone.

/** Next.js 16's key; the page's path is the first group. */
const ROUTE_CACHE_KEY = /^\/route-cache\/APP_PAGE\/[^/]+\/\$(\/.*)$/;
/** The path alone, as earlier versions wrote the key. */
const PATH_KEY = /^\/(?!route-cache\/)[^$]*$/;

/**
 * The path of the page a cache key names, or undefined for a key of another shape.
 * @param {string} key
 */
export function pageOfCacheKey(key) {
  const routeCache = ROUTE_CACHE_KEY.exec(key);
  if (routeCache) return routeCache[1];
  return PATH_KEY.test(key) ? key : undefined;
}
