import type { NextConfig } from 'next';
import { contentImageHosts, securityHeaders } from './lib/security/headers';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // A separate output folder lets the tests build the site once per content configuration.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  images: {
    remotePatterns: contentImageHosts().map((hostname) => ({ protocol: 'https', hostname })),
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders() }];
  },
  async rewrites() {
    // Every page as Markdown at `<path>.md` (`/` at `/index.md`), from one route handler.
    return [{ source: '/:path+\\.md', destination: '/markdown/:path+' }];
  },
};

export default nextConfig;
