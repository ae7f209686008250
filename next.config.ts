import type { NextConfig } from 'next';

/** Hosts the CMS serves guide images from (comma-separated), allowed for next/image. */
const imageHosts = (process.env.CONTENT_IMAGE_HOSTS ?? 'www.datocms-assets.com')
  .split(',')
  .map((host) => host.trim())
  .filter(Boolean);

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // A separate output folder lets the tests build the site once per content configuration.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  images: { remotePatterns: imageHosts.map((hostname) => ({ protocol: 'https', hostname })) },
};

export default nextConfig;
