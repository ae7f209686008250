// Any path a client makes up under the pages and their derived outputs (article HTML, Markdown,
// social images) is a 404 that no cache keeps for long and the server stores nowhere: nothing a
// client sends decides what is kept.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesStoredFor, NOT_FOUND_MAX_LIFETIME, sharedLifetime } from '../support/kept-answers';
import { localGuides } from '../support/local-guides';
import { startSite } from '@/scripts/lib/site-server';

/** The build the global setup serves; this file serves it again to read its log. */
const distDir = process.env.NEXT_DIST_DIR || '.next';
const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'unknown-paths-')), 'site.log');
let site: Awaited<ReturnType<typeof startSite>>;

beforeAll(async () => {
  site = await startSite({ distDir, logFile });
}, 60_000);
afterAll(() => site?.stop());

const ask = async (route: string) => {
  const response = await fetch(site.url + route);
  await response.arrayBuffer();
  return response;
};

/** A mark in every made-up name of this run, to find anything stored for one. */
const MARK = `no-such-page-${process.pid}-${Date.now()}`;

/** Each kind of address, given a made-up name. */
const shapes: [string, (name: string) => string][] = [
  ['page', (name) => `/${name}`],
  ['reference page', (name) => `/resources/${name}`],
  ['guide', (name) => `/guides/${name}`],
  ['article', (name) => `/articles/${name}.html`],
  ["guide's article", (name) => `/articles/guides/${name}.html`],
  ['Markdown', (name) => `/markdown/${name}`],
  ['.md export', (name) => `/${name}.md`],
  ["guide's .md export", (name) => `/guides/${name}.md`],
  ['social image', (name) => `/og/${name}.png`],
  ["guide's social image", (name) => `/og/guides/${name}.png`],
];
const UNKNOWN_PER_SHAPE = 30;
/** Longer than a file name may be on common file systems (255 bytes). */
const LONG_SEGMENT = `${MARK}-${'a'.repeat(300)}`;
/** A 16 KB URL, just within the server's header limit. */
const LONG_URL_NAME = `${MARK}-${'b'.repeat(16_000)}`;
/** What the server may log for all the requests of one shape, at most. */
const MAX_LOG_BYTES = 1024;

describe('an unknown path', () => {
  it.each(shapes)('under %s answers 404, briefly cacheable and stored nowhere', async (_, at) => {
    const names = [
      ...Array.from({ length: UNKNOWN_PER_SHAPE }, (_, index) => `${MARK}-${index}`),
      LONG_SEGMENT,
      LONG_URL_NAME,
    ];
    const logBefore = readFileSync(logFile, 'utf8').length;
    for (const name of names) {
      const response = await ask(at(name));
      expect(response.status, at(name).slice(0, 80)).toBe(404);
      expect(sharedLifetime(response.headers.get('cache-control'))).toBeLessThanOrEqual(
        NOT_FOUND_MAX_LIFETIME,
      );
    }
    expect(filesStoredFor(distDir, MARK)).toEqual([]);
    expect(readFileSync(logFile, 'utf8').length - logBefore).toBeLessThan(MAX_LOG_BYTES);
  });
});

describe('a known path', () => {
  const guide = localGuides[0]!.slug;
  it.each([
    '/errors',
    '/articles/errors.html',
    '/errors.md',
    `/guides/${guide}`,
    `/articles/guides/${guide}.html`,
    `/guides/${guide}.md`,
  ])('%s still answers 200, cacheable for good', async (route) => {
    const response = await ask(route);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('s-maxage=31536000');
  });

  it.each(['/og/errors.png', `/og/guides/${guide}.png`])('%s still answers 200', async (route) => {
    const response = await ask(route);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
  });
});
