// The shareable link of a console request: the operation, its scenario and its values in the
// page's query string. Never the token, and never an Idempotency-Key (each opening makes one).
import * as z from 'zod/mini';
import { SHARE_PARAM } from '@/lib/routes';
import type { RequestValues } from './spec';

/** The longest shared request accepted, as the sandbox's body limit. */
const MAX_SHARED_CHARACTERS = 32 * 1024;

// The site's Content-Security-Policy forbids eval, which zod would otherwise try first.
z.config({ jitless: true });

const values = z.record(z.string(), z.string());

const sharedSchema = z.object({
  operation: z.string().check(z.regex(/^\w{1,100}$/)),
  scenario: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,100}$/))),
  path: values,
  query: values,
  headers: values,
  body: z.optional(z.unknown()),
});

export type SharedRequest = z.infer<typeof sharedSchema>;

/** Text as base64url, so any JSON fits in a query string. */
function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The value of the share parameter for a request. */
export function encodeShared(operation: string, request: RequestValues, scenario?: string): string {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'idempotency-key'),
  );
  return toBase64Url(
    JSON.stringify({ operation, ...(scenario ? { scenario } : {}), ...request, headers }),
  );
}

/** The request a share parameter holds, or null when it is not one this site made. */
export function decodeShared(encoded: string): SharedRequest | null {
  if (encoded.length > MAX_SHARED_CHARACTERS) return null;
  try {
    const parsed = sharedSchema.safeParse(JSON.parse(fromBase64Url(encoded)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The page address that reopens the request: this page, the share parameter, the section. */
export function shareUrl(pageUrl: string, encoded: string, anchor?: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set(SHARE_PARAM, encoded);
  if (anchor) url.hash = anchor;
  return url.toString();
}
