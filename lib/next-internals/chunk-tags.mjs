// The tags Next.js writes into a page's HTML to load its JavaScript chunks, one regular
// expression per shape. The pages are rewritten to paint before these load
// (lib/html/paint-first.mjs); the build fails when a page keeps a tag of a shape not listed here.

/**
 * A startup chunk, anywhere in the page; with a deployment id (`NEXT_DEPLOYMENT_ID`) its address
 * ends in `?dpl=<id>`. Its address is the first group.
 */
export const ASYNC_CHUNK =
  /<script src="(\/_next\/static\/[^"<>?]+\.js(?:\?dpl=[^"<>&]+)?)" async=""><\/script>/g;

/** Next.js's early request for the bootstrap chunk; its address is the first group. */
export const CHUNK_PRELOAD =
  /<link rel="preload" as="script" fetchPriority="low" href="([^"<>]+)"\/>/g;

/** Any script tag that requests a chunk itself, but the `nomodule` polyfill, which may stay. */
export const SELF_LOADING_CHUNK =
  /<script src="\/_next\/static\/[^"]+"(?![^>]*noModule)[^>]*><\/script>/;
