import { gzipSync } from 'node:zlib';
import { chunksOfLoader } from '@/lib/html/paint-first.mjs';

/** Most JavaScript a page may load before it is interactive: 150 KiB after gzip. */
export const FIRST_LOAD_JS_BUDGET_BYTES = 150 * 1024;

/** Prefix of the build's static files in the page's URLs. */
const STATIC_PREFIX = '/_next/static/';

/** Size after gzip at level 9: deterministic for the same bytes, whatever the server does. */
export function gzipBytes(content: Buffer | string) {
  return gzipSync(content, { level: 9 }).length;
}

/**
 * The static script chunks a page's HTML loads, once each, in order: its script elements, then
 * those its paint-first loader requests (lib/build/paint-first.ts). `nomodule` scripts are left
 * out: they are polyfills that browsers with ES modules never download.
 */
export function scriptChunks(html: string): string[] {
  const elements = Array.from(html.matchAll(/<script\b([^>]*)>/gi), ([, attributes = '']) =>
    /\bnomodule\b/i.test(attributes) ? undefined : /\bsrc="([^"]+)"/i.exec(attributes)?.[1],
  );
  const sources = [...elements, ...chunksOfLoader(html)];
  const chunks = sources
    .filter((src) => src?.startsWith(STATIC_PREFIX))
    .map((src) => src!.split('?')[0]!);
  return [...new Set(chunks)];
}

export type PageWeight = {
  page: string;
  chunks: string[];
  gzipBytes: number;
  overBudget: boolean;
};

/** A page's first-load JavaScript after gzip; `readChunk` reads a `/_next/static/…` URL. */
export function pageWeight(
  page: string,
  html: string,
  readChunk: (src: string) => Buffer | string,
): PageWeight {
  const chunks = scriptChunks(html);
  const total = chunks.reduce((sum, src) => sum + gzipBytes(readChunk(src)), 0);
  return { page, chunks, gzipBytes: total, overBudget: total > FIRST_LOAD_JS_BUDGET_BYTES };
}

/** Where a `/_next/static/…` URL lives in the build folder, relative to it. */
export function staticFilePath(src: string) {
  return `static/${src.slice(STATIC_PREFIX.length)}`;
}
