/**
 * The response headers of every page and endpoint. Pure and dependency-free so next.config.ts
 * can import it; the values come from the build's environment, like everything NEXT_PUBLIC_.
 */

type Env = Partial<Record<string, string>>;

/** The origin of an http(s) URL, or undefined for anything else. */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The deferred page-analytics script, when NEXT_PUBLIC_ANALYTICS_SRC is a valid http(s) URL. */
export function analyticsScriptSrc(env: Env = process.env): string | undefined {
  return originOf(env.NEXT_PUBLIC_ANALYTICS_SRC) ? env.NEXT_PUBLIC_ANALYTICS_SRC : undefined;
}

/** Hosts the hosted search client talks to; none when the embedded service answers. */
function searchOrigins(env: Env): { connect: string[]; script: string[] } {
  const appId = env.NEXT_PUBLIC_SEARCH_APP_ID?.trim().toLowerCase();
  const hosted = appId && env.NEXT_PUBLIC_SEARCH_API_KEY && env.NEXT_PUBLIC_SEARCH_INDEX;
  if (!hosted || !/^[a-z0-9]+$/.test(appId)) return { connect: [], script: [] };
  const connect = [
    `https://${appId}-dsn.algolia.net`,
    ...[1, 2, 3].map((n) => `https://${appId}-${n}.algolianet.com`),
  ];
  // The insights plugin loads its library from a CDN and posts events to the insights API.
  if (env.NEXT_PUBLIC_SEARCH_INSIGHTS === 'true') {
    return {
      connect: [...connect, 'https://insights.algolia.io', 'https://*.insights.algolia.io'],
      script: ['https://cdn.jsdelivr.net'],
    };
  }
  return { connect, script: [] };
}

/** Hosts guide images come from (CONTENT_IMAGE_HOSTS, comma-separated; read at build time). */
export function contentImageHosts(env: Env = process.env): string[] {
  return (env.CONTENT_IMAGE_HOSTS ?? 'www.datocms-assets.com')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => /^[a-z0-9.-]+$/.test(host));
}

const isHttpsSite = (env: Env) => env.NEXT_PUBLIC_SITE_URL?.startsWith('https://') ?? false;

/**
 * The Content-Security-Policy. Pages are prerendered and shared by every visitor, so per-request
 * nonces are out, and the framework's inline scripts (the page's streamed RSC payload) differ
 * per page and change whenever a CMS guide page regenerates, so hashes fixed in a header cannot
 * cover them either: scripts therefore allow 'unsafe-inline' from this origin only. Styles allow
 * 'unsafe-inline' for the `style` attributes code highlighting and images use. Injection is
 * prevented where content enters instead: nothing from MDX, the CMS or search is rendered as raw
 * HTML (see the hostile-content tests).
 */
export function contentSecurityPolicy(env: Env = process.env): string {
  const search = searchOrigins(env);
  const analytics = originOf(analyticsScriptSrc(env));
  const extra = (origins: (string | undefined)[]) =>
    origins.filter((origin): origin is string => Boolean(origin));
  const development = env.NODE_ENV === 'development';
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      "'self'",
      "'unsafe-inline'",
      // React's development build evaluates code for its debugging features.
      ...(development ? ["'unsafe-eval'"] : []),
      ...extra([...search.script, analytics]),
    ],
    ['style-src', "'self'", "'unsafe-inline'"],
    [
      'img-src',
      "'self'",
      'data:',
      'blob:',
      ...contentImageHosts(env).map((host) => `https://${host}`),
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
    ...(isHttpsSite(env) ? [['upgrade-insecure-requests'] as [string]] : []),
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
export function securityHeaders(env: Env = process.env): Header[] {
  const headers: Header[] = [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(env) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: DENIED_FEATURES.map((name) => `${name}=()`).join(', ') },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ];
  if (env.NODE_ENV === 'production' && isHttpsSite(env)) {
    headers.push({
      key: 'Strict-Transport-Security',
      value: 'max-age=63072000; includeSubDomains; preload',
    });
  }
  return headers;
}
