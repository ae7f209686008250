import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { findOperation } from '@/lib/openapi/test-scenarios';
import {
  AISP_BALANCE_READS_PER_DAY,
  CONCURRENT_REQUESTS,
  IDEMPOTENCY_KEY_TTL_MS,
  REQUESTS_PER_SECOND,
  TOKEN_LIFETIME_SECONDS,
  TOKENS_PER_MINUTE,
} from '@/lib/sandbox/limits';

const rateLimits = readFileSync('content/docs/rate-limits.mdx', 'utf8');

/** The Sandbox column of the row of the Rate Limits table whose first cell starts with `label`. */
function sandboxCell(label: string): string {
  const row = rateLimits
    .split('\n')
    .find((line) => line.startsWith('|') && line.slice(1).trim().startsWith(label));
  if (!row) throw new Error(`content/docs/rate-limits.mdx has no row "${label}"`);
  const cells = row.split('|').map((cell) => cell.trim());
  return cells[3]!;
}

describe('the sandbox limits', () => {
  it('are the numbers the Rate Limits page gives for the sandbox', () => {
    expect(sandboxCell('Requests per second')).toBe(String(REQUESTS_PER_SECOND));
    expect(sandboxCell('Requests in progress')).toBe(String(CONCURRENT_REQUESTS));
    expect(sandboxCell('`POST /v1/auth/token`')).toBe(`${TOKENS_PER_MINUTE} per minute`);
    expect(sandboxCell('Balance reads of one account')).toBe(`${AISP_BALANCE_READS_PER_DAY} a day`);
  });

  it('keep tokens and idempotency keys as long as documented', () => {
    const idempotency = readFileSync('content/docs/idempotency.mdx', 'utf8');
    const hours = Number(/Keys last (\d+) hours/.exec(idempotency)?.[1]);
    expect(IDEMPOTENCY_KEY_TTL_MS).toBe(hours * 60 * 60 * 1000);
    const token = findOperation(loadDocument(), 'createAccessToken')!.operation.responses['200'];
    const example = (token as { content: Record<string, { example: { expires_in: number } }> })
      .content['application/json']!.example;
    expect(TOKEN_LIFETIME_SECONDS).toBe(example.expires_in);
  });
});
