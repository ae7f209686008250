// The current sandbox as the site's tabs keep and share it: read back from storage or from another
// tab's message only when it has the right shape and has not expired.
import * as z from 'zod/mini';

// The site's Content-Security-Policy forbids eval, which zod would otherwise try first.
z.config({ jitless: true });

/** The sandbox's token format (lib/sandbox/auth.ts): `kp_at_`, expiry in unix seconds as 8 hex digits, 24 more. */
const TOKEN_PATTERN = /^kp_at_([0-9a-f]{8})[0-9a-f]{24}$/;

/** The longest list of remembered IDs a tab keeps and shares. */
export const MAX_REMEMBERED_IDS = 50;

const keptSchema = z.object({
  token: z.string().check(z.regex(TOKEN_PATTERN)),
  expiresAt: z.number(),
  ids: z.array(z.string()).check(z.maxLength(MAX_REMEMBERED_IDS)),
});

/** The current sandbox: its token, when the token stops working, and the IDs it created. */
export type KeptSandbox = z.infer<typeof keptSchema>;

const messageSchema = z.discriminatedUnion('kind', [
  /** A tab that has just opened asks the others for the current sandbox. */
  z.object({ kind: z.literal('hello') }),
  /** A tab tells the others which sandbox is current (none after it expired) and whether it is kept. */
  z.object({ kind: z.literal('current'), sandbox: z.nullable(keptSchema), kept: z.boolean() }),
]);

/** A message between tabs about the current sandbox. */
export type SandboxMessage = z.infer<typeof messageSchema>;

/** When a token of this sandbox stops working, in epoch milliseconds, read from the token itself. */
export function tokenExpiresAt(token: string): number | undefined {
  const expiry = TOKEN_PATTERN.exec(token.trim())?.[1];
  return expiry === undefined ? undefined : Number.parseInt(expiry, 16) * 1000;
}

/** A stored sandbox (JSON), or undefined when it is missing, malformed or expired at `now`. */
export function readKept(text: string | null, now: number): KeptSandbox | undefined {
  if (!text) return undefined;
  try {
    const parsed = keptSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.expiresAt > now ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Another tab's message, or undefined for anything else on the channel. */
export function readMessage(data: unknown): SandboxMessage | undefined {
  const parsed = messageSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** The token with all but its prefix and last four characters hidden, for the token bar. */
export function maskedToken(token: string): string {
  return `${token.slice(0, 6)}${'•'.repeat(8)}${token.slice(-4)}`;
}
