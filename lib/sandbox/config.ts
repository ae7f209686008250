import 'server-only';
import { z } from 'zod';
import { RATE_LIMIT_REQUESTS } from './limits';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  SANDBOX_ENABLED: booleanFlag.default(true),
  SANDBOX_RATE_LIMIT: z.coerce.number().int().positive().default(RATE_LIMIT_REQUESTS),
});

export type SandboxConfig = { enabled: boolean; rateLimitRequests: number };

/** The sandbox settings: on by default, `SANDBOX_ENABLED=false` answers 404 on every sandbox path. */
export function sandboxConfig(
  env: Record<string, string | undefined> = process.env,
): SandboxConfig {
  const set = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key.startsWith('SANDBOX_') && value?.trim()),
  );
  const result = envSchema.safeParse(set);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid sandbox configuration (${problems.join('; ')}). See .env.example.`);
  }
  return {
    enabled: result.data.SANDBOX_ENABLED,
    rateLimitRequests: result.data.SANDBOX_RATE_LIMIT,
  };
}
