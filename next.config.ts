import path from 'node:path';
import type { NextConfig } from 'next';
import { parseConfig } from './lib/config/env';
import { warnIfSiteUrlUnset } from './lib/config/site-url-warning';
import { securityHeaders } from './lib/security/headers';

// A wrong variable stops the build or the server here, with a message naming it.
const config = parseConfig(process.env);
// A production build or server without the public address says so, once, and goes on.
warnIfSiteUrlUnset(process.env);

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Loaded by Node.js, not bundled: the page's server components and the server render of its
  // client components then share one copy, through which the article's HTML passes.
  serverExternalPackages: ['@kestrelpay/article-handoff'],
  reactStrictMode: true,
  // A separate output folder lets the tests build the site once per content configuration.
  distDir: config.distDir,
  // A folder that runs without the repository (lib/build/standalone.ts adds the server to it).
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  // Those builds of the same sources skip the type check the production build already made.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === '1' },
  // A build keeps Turbopack's cache for the next build into the same folder; where none follows
  // (CI's fresh clone), writing it only costs time.
  experimental: { turbopackFileSystemCacheForBuild: process.env.BUILD_SKIP_CACHE !== '1' },
  // Pages rendered again on an interval (CMS guides) keep the prerendered pages' script loading.
  cacheHandler: path.resolve('server/paint-first-cache.mjs'),
  images: {
    remotePatterns: config.contentImageHosts.map((hostname) => ({ protocol: 'https', hostname })),
  },
  // With search insights off (the default) the autocomplete never creates its insights plugin:
  // a stand-in keeps the plugin's code out of the dialog's chunk.
  turbopack:
    config.search.kind === 'hosted' && config.search.insights
      ? {}
      : {
          resolveAlias: {
            '@algolia/autocomplete-plugin-algolia-insights': './lib/search/insights-off.ts',
          },
        },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders(config) }];
  },
  async rewrites() {
    // Every page as Markdown at `<path>.md` (`/` at `/index.md`), from one route handler.
    return [{ source: '/:path+\\.md', destination: '/markdown/:path+' }];
  },
};

export default nextConfig;
