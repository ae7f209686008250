import 'server-only';
import { z } from 'zod';

/** How often, in seconds, pages re-render to pick up CMS edits (0: on every request). */
export const DEFAULT_GUIDES_REVALIDATE_SECONDS = 60;
/** How long a request to the CMS may take before it counts as a failure. */
export const DEFAULT_CONTENT_API_TIMEOUT_MS = 5000;

const envSchema = z.object({
  CONTENT_API_URL: z.url('CONTENT_API_URL must be the full URL of the GraphQL endpoint').optional(),
  CONTENT_API_TOKEN: z.string().min(1).optional(),
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
});

export type GuidesConfig =
  | { source: 'local'; revalidateSeconds: number }
  | { source: 'cms'; url: string; token: string; timeoutMs: number; revalidateSeconds: number };

/** Where guides come from: the CMS when both of its variables are set, the repository otherwise. */
export function guidesConfig(env: Record<string, string | undefined> = process.env): GuidesConfig {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = envSchema.safeParse(blankAsUnset);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid guides configuration (${problems.join('; ')}). See .env.example.`);
  }
  const { CONTENT_API_URL: url, CONTENT_API_TOKEN: token, ...rest } = result.data;
  const revalidateSeconds = rest.GUIDES_REVALIDATE_SECONDS;
  if (!url && !token) return { source: 'local', revalidateSeconds };
  if (!url || !token) {
    const missing = url ? 'CONTENT_API_TOKEN' : 'CONTENT_API_URL';
    throw new Error(
      `${missing} is not set: set both CONTENT_API_URL and CONTENT_API_TOKEN to use the CMS, or neither to use content/guides.`,
    );
  }
  return { source: 'cms', url, token, timeoutMs: rest.CONTENT_API_TIMEOUT_MS, revalidateSeconds };
}
