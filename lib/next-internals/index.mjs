// Everything the site relies on in Next.js beyond its public API: the shape of what a build
// writes and what its server does privately. Each has its module in this folder and the test, on
// a real build, that fails when a new Next.js changes it; the build itself fails where a shape
// stops matching, and the server says so once, by name, where it meets an unknown shape.

/**
 * @typedef {object} NextInternal
 * @property {string} name
 * @property {string} relies what the site takes for granted
 * @property {string} module where the site reads or uses it
 * @property {string} test `file > title`: the test on a real build that fails when it changes
 */

/** @type {NextInternal[]} */
export const NEXT_INTERNALS = [
  {
    name: 'chunk-tags',
    relies: 'the script and preload tags Next.js writes into a page for its JavaScript chunks',
    module: 'lib/next-internals/chunk-tags.mjs',
    test: 'tests/integration/build-output.test.ts > all paint before their scripts load: one loader each, no chunk requested by Next.js',
  },
  {
    name: 'prerender-manifest',
    relies: 'prerender-manifest.json lists each prerendered route with initialRevalidateSeconds',
    module: 'lib/next-internals/prerender-manifest.mjs',
    test: 'tests/integration/page-cache.test.ts > gives the page Next.js renders, with its headers, in Brotli or gzip',
  },
  {
    name: 'startup-chunks',
    relies: 'build-manifest.json’s rootMainFiles and the client reference manifests’ entryJSFiles',
    module: 'lib/next-internals/startup-chunks.ts',
    test: 'tests/integration/build-output.test.ts > start compiling every startup chunk in the background',
  },
  {
    name: 'file-system-cache',
    relies: 'the page cache’s class, deep in next/dist, which the cache handler extends',
    module: 'lib/next-internals/file-system-cache.mjs',
    test: 'tests/e2e-cms/cms-guides.test.ts > shows a CMS edit once GUIDES_REVALIDATE_SECONDS have passed',
  },
  {
    name: 'cache-key',
    relies: 'the key of a page in Next.js’s cache ends in the page’s path',
    module: 'lib/next-internals/cache-key.mjs',
    test: 'tests/e2e-cms/cms-guides.test.ts > shows a CMS edit once GUIDES_REVALIDATE_SECONDS have passed',
  },
  {
    name: 'standalone-config',
    relies:
      'a standalone folder’s server takes the build’s configuration from required-server-files.json through __NEXT_PRIVATE_STANDALONE_CONFIG',
    module: 'lib/next-internals/standalone-config.mjs',
    test: 'tests/integration/deploy-standalone.test.ts > serves a docs page whose policy allows each of its inline scripts by hash',
  },
  {
    name: 'render-layers',
    relies:
      'server components and the server render of client components run in one process, each with its own copy of a module',
    module: 'packages/article-handoff/index.cjs',
    test: "tests/integration/build-output.test.ts > hold each article's HTML once: in the markup, not again in the flight data",
  },
];

const reported = new Set();

/**
 * Says once per process, by name, that Next.js wrote something in a shape this folder does not
 * know, and what the site does instead.
 * @param {string} name one of NEXT_INTERNALS
 * @param {string} consequence
 */
export function reportUnknownShape(name, consequence) {
  if (reported.has(name)) return;
  reported.add(name);
  console.warn(
    `Next.js internals: ${name} (lib/next-internals) has an unknown shape: ${consequence}`,
  );
}
