import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { errorCatalogue } from '@/lib/openapi/operations';

const SANDBOX_DIR = path.join(process.cwd(), 'lib', 'sandbox');

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(path.join(directory, entry.name))
      : [readFileSync(path.join(directory, entry.name), 'utf8')],
  );
}

describe('the error codes the sandbox answers with', () => {
  it('are all in the document catalogue, so every refusal has its documented status and type', () => {
    const text = sources(SANDBOX_DIR).join('\n');
    const quoted = (pattern: RegExp) =>
      [...text.matchAll(pattern)].flatMap((match) => match.slice(1));
    const codes = new Set([
      ...quoted(/(?:SandboxError|refuse)\(\s*'([a-z_]+)'/g),
      ...quoted(/(?:notPayableCode|_CODE)\s*[:=]\s*'([a-z_]+)'/g),
    ]);
    const catalogue = new Set(errorCatalogue(loadDocument()).map(({ code }) => code));
    expect(codes.size).toBeGreaterThan(20);
    expect([...codes].filter((code) => !catalogue.has(code))).toEqual([]);
  });
});
