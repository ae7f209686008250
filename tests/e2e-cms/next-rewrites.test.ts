// The build's rewrites of Next.js's HTML, checked on what Next.js itself writes: a page it
// renders per request (the CMS build rendering category pages on every request), and the
// prerendered pages of a build with a deployment id (the interval build, NEXT_DEPLOYMENT_ID set
// in tests/e2e-cms/global-setup.ts), whose chunk addresses end in `?dpl=<id>`.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { paintFirstPages } from '@/lib/build/paint-first';
import { filesEndingWith } from '@/lib/build/rewrite-files';
import { chunksOfLoader, paintFirst } from '@/lib/html/paint-first.mjs';
import { withoutNonces } from '@/lib/security/script-policy.mjs';
import { TEST_DEPLOYMENT_ID } from '../support/deployment';

const everyRequestSite = inject('baseUrl');
const isrSite = inject('isrBaseUrl');
/** The folder the interval build was made in (tests/e2e-cms/global-setup.ts). */
const isrDistDir = '.next-cms-isr';

/** A script tag with which Next.js requests a chunk itself. */
const NEXT_CHUNK_TAG = /<script src="(\/_next\/static\/[^"]+\.js[^"]*)" async=""><\/script>/g;

/** A page as Next.js renders it for this request, its nonces dropped as the page cache does. */
async function renderedByNext() {
  const response = await fetch(`${everyRequestSite}/categories/accept-payments`);
  expect(response.status).toBe(200);
  return withoutNonces(await response.text());
}

describe('the paint-first rewrite of a page Next.js renders', () => {
  it('takes over every chunk Next.js requests, in order', async () => {
    const html = await renderedByNext();
    const requested = Array.from(html.matchAll(NEXT_CHUNK_TAG), (tag) => tag[1]);
    expect(requested.length).toBeGreaterThan(3);
    const painted = paintFirst(html);
    expect(painted.match(NEXT_CHUNK_TAG)).toBeNull();
    expect(chunksOfLoader(painted)).toEqual([...new Set(requested)]);
  });

  it('fails the build, naming the page, when Next.js writes its chunk tags in a new shape', async () => {
    const build = await mkdtemp(path.join(tmpdir(), 'kestrel-build-'));
    try {
      const pages = path.join(build, 'server/app');
      await mkdir(pages, { recursive: true });
      const html = await renderedByNext();
      await writeFile(path.join(pages, 'index.html'), html.replace(/" async="">/g, '" defer="">'));
      await expect(paintFirstPages(build)).rejects.toThrow(
        /index\.html still requests a chunk itself/,
      );
      // Pages holding no chunk at all fail the build too, rather than none painting first.
      await writeFile(path.join(pages, 'index.html'), html.replace(NEXT_CHUNK_TAG, ''));
      await expect(paintFirstPages(build)).rejects.toThrow(/None of the 1 prerendered pages/);
    } finally {
      await rm(build, { recursive: true, force: true });
    }
  });
});

describe('a build with a deployment id', () => {
  it('loads the chunks of every prerendered page after the first paint, at their dpl addresses', async () => {
    const pages = await filesEndingWith(path.join(isrDistDir, 'server/app'), '.html');
    expect(pages.length).toBeGreaterThan(40);
    for (const file of pages) {
      const html = await readFile(file, 'utf8');
      expect(html.match(NEXT_CHUNK_TAG), file).toBeNull();
      const chunks = chunksOfLoader(html);
      expect(chunks.length, file).toBeGreaterThan(0);
      for (const chunk of chunks) expect(chunk, file).toMatch(`.js?dpl=${TEST_DEPLOYMENT_ID}`);
    }
  });

  it('serves those chunks', async () => {
    const html = await (await fetch(`${isrSite}/resources/charges`)).text();
    const chunks = chunksOfLoader(html);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) {
      const response = await fetch(isrSite + chunk);
      await response.arrayBuffer();
      expect(response.status, chunk).toBe(200);
    }
  });
});
