/**
 * The response headers of every page and endpoint, from the validated configuration. Pure, so
 * next.config.ts can import it; the values come from the build's environment.
 */
import type { Config } from '@/lib/config/env';

type HeaderConfig = Pick<
  Config,
  'development' | 'production' | 'siteUrl' | 'search' | 'contentImageHosts' | 'analyticsSrc'
>;

/** Hosts the hosted search client talks to; none when the embedded service answers. */
function searchOrigins({ search }: HeaderConfig): { connect: string[]; script: string[] } {
  if (search.kind === 'embedded') return { connect: [], script: [] };
  const appId = search.appId.toLowerCase();
  const connect = [
    `https://${appId}-dsn.algolia.net`,
    ...[1, 2, 3].map((n) => `https://${appId}-${n}.algolianet.com`),
  ];
  // The insights plugin loads its library from a CDN and posts events to the insights API.
  if (search.insights) {
    return {
      connect: [...connect, 'https://insights.algolia.io', 'https://*.insights.algolia.io'],
      script: ['https://cdn.jsdelivr.net'],
    };
  }
  return { connect, script: [] };
}

const isHttpsSite = (config: HeaderConfig) => config.siteUrl.startsWith('https://');

/**
 * The Content-Security-Policy. Its script-src allows the site's files and the configured hosts
 * but no inline script: the request proxy adds each page's own, by the hashes the build lists
 * for a prerendered page and a fresh nonce for a page rendered per request (proxy.ts), on any
 * server Next.js runs in. Development allows them, as it allows eval, for its reloading. Styles
 * allow 'unsafe-inline' for the `style` attributes code highlighting and images use.
 */
export function contentSecurityPolicy(config: HeaderConfig): string {
  const search = searchOrigins(config);
  const analytics = config.analyticsSrc && new URL(config.analyticsSrc).origin;
  const extra = (origins: (string | undefined)[]) =>
    origins.filter((origin): origin is string => Boolean(origin));
  const { development } = config;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      "'self'",
      // React's development build evaluates code and the dev server injects inline scripts.
      ...(development ? ["'unsafe-inline'", "'unsafe-eval'"] : []),
      ...extra([...search.script, analytics]),
    ],
    ['style-src', "'self'", "'unsafe-inline'"],
    [
      'img-src',
      "'self'",
      'data:',
      'blob:',
      ...config.contentImageHosts.map((host) => `https://${host}`),
    ],
    ['font-src', "'self'"],
    // Development reloads over a WebSocket on the same host.
    [
      'connect-src',
      "'self'",
      ...(development ? ['ws:'] : []),
      ...extra([...search.connect, analytics]),
    ],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ...(isHttpsSite(config) ? [['upgrade-insecure-requests'] as [string]] : []),
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Browser features the site never uses, denied to it and to anything it embeds. */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
];

export type Header = { key: string; value: string };

/** Every security header; HSTS only when the site is served over https in production. */
export function securityHeaders(config: HeaderConfig): Header[] {
  const headers: Header[] = [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(config) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: DENIED_FEATURES.map((name) => `${name}=()`).join(', ') },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
    // No page, file or endpoint is for other sites' pages to load: none answers CORS, and the
    // forwarder script and social images are fetched by programs, which this does not bind.
    { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
  ];
  if (config.production && isHttpsSite(config)) {
    headers.push({
      key: 'Strict-Transport-Security',
      value: 'max-age=63072000; includeSubDomains; preload',
    });
  }
  return headers;
}
