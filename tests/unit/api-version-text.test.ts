// The version the document says it describes is its info.version, and the Changelog's current one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';

describe('the API version the docs name', () => {
  it('is the same in the document’s description, its info.version and the Changelog', () => {
    const document = loadDocument();
    const described = /This document describes version `([^`]+)`/.exec(
      document.info.description ?? '',
    )?.[1];
    const current = /The current version is `([^`]+)`/.exec(
      readFileSync('content/docs/changelog.mdx', 'utf8'),
    )?.[1];
    expect(described).toBe(document.info.version);
    expect(current).toBe(document.info.version);
  });
});
