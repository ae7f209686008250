// Every environment variable of the site, validated in one place. Pure (no `server-only`), so
// next.config.ts can call it at build and start time and stop a bad configuration before it runs.
import { z } from 'zod';
import {
  BODY_TIMEOUT_MS,
  CONCURRENT_REQUESTS,
  REQUESTS_PER_SECOND,
  TOKENS_PER_MINUTE,
} from '../sandbox/limits';
import { DEFAULT_SITE_URL } from './public';
import { MCP_REQUESTS_PER_SECOND } from '../mcp/limits';
import { SEARCH_REQUESTS_PER_SECOND } from '../search/config';
import { searchSetting } from './search-setting';

/** How long a request to the CMS may take before it counts as a failure. */
export const DEFAULT_CONTENT_API_TIMEOUT_MS = 5000;
/** How often, in seconds, pages re-render to pick up CMS edits (0: on every request). */
export const DEFAULT_GUIDES_REVALIDATE_SECONDS = 60;
/** The CMS's image host when CONTENT_IMAGE_HOSTS is not set. */
export const DEFAULT_CONTENT_IMAGE_HOSTS = 'www.datocms-assets.com';

const httpUrl = (fix: string) =>
  z.url({ protocol: /^https?$/, error: `must be an http(s) URL: ${fix}` });

const hostList = z
  .string()
  .transform((value) => value.split(',').map((host) => host.trim().toLowerCase()))
  .pipe(
    z.array(
      z.string().regex(/^[a-z0-9.-]+$/, 'must list host names only, comma-separated (no scheme)'),
    ),
  );

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default(fallback)
    .transform((value) => value === 'true');

const positiveInteger = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const variables = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  // The build folder, relative to the folder the server runs in.
  NEXT_DIST_DIR: z.string().default('.next'),
  NEXT_PUBLIC_SITE_URL: httpUrl('the address the site is served from').default(DEFAULT_SITE_URL),
  CONTENT_API_URL: httpUrl('the full URL of the GraphQL endpoint').optional(),
  CONTENT_API_TOKEN: z.string().optional(),
  CONTENT_API_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_CONTENT_API_TIMEOUT_MS),
  GUIDES_REVALIDATE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(DEFAULT_GUIDES_REVALIDATE_SECONDS),
  CONTENT_IMAGE_HOSTS: hostList.default([DEFAULT_CONTENT_IMAGE_HOSTS]),
  NEXT_PUBLIC_SEARCH_APP_ID: z.string().optional(),
  NEXT_PUBLIC_SEARCH_API_KEY: z.string().optional(),
  NEXT_PUBLIC_SEARCH_INDEX: z.string().optional(),
  NEXT_PUBLIC_SEARCH_INSIGHTS: z.enum(['true', 'false']).default('false'),
  SEARCH_ADMIN_API_KEY: z.string().optional(),
  NEXT_PUBLIC_ANALYTICS_SRC: httpUrl('the URL of the analytics script').optional(),
  // Answers the embedded search keeps: readers typing the same words share their prefixes'.
  SEARCH_RESULT_CACHE_SIZE: z.coerce
    .number({ message: 'must be a whole number from 0 (no cache) to 100000' })
    .int()
    .min(0)
    .max(100_000)
    .default(500),
  SEARCH_RATE_LIMIT: positiveInteger(SEARCH_REQUESTS_PER_SECOND),
  TRUST_PROXY: flag('false'),
  // Drawn by the production server for the process it runs (lib/config/socket-address.mjs).
  SOCKET_ADDRESS_HEADER: z
    .string()
    .regex(/^x-socket-address-[0-9a-f-]{36}$/, 'is drawn by server/main.mjs: leave it unset')
    .optional(),
  SANDBOX_ENABLED: flag('true'),
  SANDBOX_RATE_LIMIT: positiveInteger(REQUESTS_PER_SECOND),
  SANDBOX_AUTH_RATE_LIMIT: positiveInteger(TOKENS_PER_MINUTE),
  SANDBOX_CONCURRENCY_LIMIT: positiveInteger(CONCURRENT_REQUESTS),
  SANDBOX_BODY_TIMEOUT_MS: positiveInteger(BODY_TIMEOUT_MS),
  MCP_ENABLED: flag('true'),
  MCP_RATE_LIMIT: positiveInteger(MCP_REQUESTS_PER_SECOND),
  SANDBOX_REDIS_URL: z
    .url({
      protocol: /^rediss?$/,
      error: 'must be a redis:// or rediss:// URL: the Redis every instance of the site shares',
    })
    .optional(),
});

export type GuidesSource =
  | { kind: 'local'; revalidateSeconds: number }
  | { kind: 'cms'; url: string; token: string; timeoutMs: number; revalidateSeconds: number };

/** The CMS when both of its variables are set, the repository when neither is. */
function guidesSource(values: z.infer<typeof variables>): GuidesSource {
  const { CONTENT_API_URL: url, CONTENT_API_TOKEN: token } = values;
  const revalidateSeconds = values.GUIDES_REVALIDATE_SECONDS;
  if (!url && !token) return { kind: 'local', revalidateSeconds };
  if (!url || !token) {
    const missing = url ? 'CONTENT_API_TOKEN' : 'CONTENT_API_URL';
    throw new Error(
      `${missing} is not set: set both CONTENT_API_URL and CONTENT_API_TOKEN to use the CMS, or neither to use content/guides.`,
    );
  }
  return { kind: 'cms', url, token, timeoutMs: values.CONTENT_API_TIMEOUT_MS, revalidateSeconds };
}

/** Unset and blank are the same: a line copied from .env.example and left empty sets nothing. */
function present(env: Record<string, string | undefined>) {
  return Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
}

/** The whole configuration, or an error naming each variable that is wrong and how to fix it. */
export function parseConfig(env: Record<string, string | undefined>) {
  const result = variables.safeParse(present(env));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}. See .env.example.`);
  }
  const values = result.data;
  return {
    development: values.NODE_ENV === 'development',
    /** The build folder: its manifests, and what the server keeps beside them. */
    distDir: values.NEXT_DIST_DIR,
    production: values.NODE_ENV === 'production',
    siteUrl: values.NEXT_PUBLIC_SITE_URL,
    guides: guidesSource(values),
    contentImageHosts: values.CONTENT_IMAGE_HOSTS,
    search: searchSetting(values),
    searchAdminKey: values.SEARCH_ADMIN_API_KEY,
    /** Answers the embedded search service keeps (0: none). */
    searchResultCacheSize: values.SEARCH_RESULT_CACHE_SIZE,
    /** Embedded searches one client may send per second. */
    searchRateLimit: values.SEARCH_RATE_LIMIT,
    analyticsSrc: values.NEXT_PUBLIC_ANALYTICS_SRC,
    /** Whether a proxy in front of the site appends the client's address to X-Forwarded-For. */
    trustProxy: values.TRUST_PROXY,
    /** The Redis that holds the sandbox's state, limits and inbox for every instance; unset: memory. */
    sandboxRedisUrl: values.SANDBOX_REDIS_URL,
    /** The MCP server at /mcp: on unless MCP_ENABLED=false, and the messages one client may send per second. */
    mcp: { enabled: values.MCP_ENABLED, requestsPerSecond: values.MCP_RATE_LIMIT },
    /** The built-in sandbox: on unless SANDBOX_ENABLED=false, and its limits per client. */
    sandbox: {
      enabled: values.SANDBOX_ENABLED,
      /** Longest a request body may take to arrive before the answer is 408. */
      bodyTimeoutMs: values.SANDBOX_BODY_TIMEOUT_MS,
      limits: {
        requestsPerSecond: values.SANDBOX_RATE_LIMIT,
        tokensPerMinute: values.SANDBOX_AUTH_RATE_LIMIT,
        concurrentRequests: values.SANDBOX_CONCURRENCY_LIMIT,
      },
    },
  };
}
export type Config = ReturnType<typeof parseConfig>;
