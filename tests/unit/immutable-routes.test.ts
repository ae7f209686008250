import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { immutableRoutes } from '@/lib/next-internals/prerender-manifest.mjs';

let distDir: string | undefined;
afterEach(() => (distDir ? rm(distDir, { recursive: true, force: true }) : undefined));

/** A build folder whose prerender manifest lists `routes`. */
async function buildWith(routes: Record<string, unknown>) {
  distDir = await mkdtemp(path.join(tmpdir(), 'kestrel-manifest-'));
  await writeFile(path.join(distDir, 'prerender-manifest.json'), JSON.stringify({ routes }));
  return distDir;
}

describe('immutableRoutes', () => {
  it("lists the routes prerendered for good, but Next.js's own", async () => {
    const routes = immutableRoutes(
      await buildWith({
        '/': { initialRevalidateSeconds: 60 },
        '/webhooks': { initialRevalidateSeconds: false },
        '/_not-found': { initialRevalidateSeconds: false },
      }),
    );
    expect([...routes]).toEqual(['/webhooks']);
  });

  it('fails, naming the field, when the manifest has another shape', async () => {
    const renamed = await buildWith({ '/webhooks': { revalidate: false } });
    expect(() => immutableRoutes(renamed)).toThrow(/\/webhooks without "initialRevalidateSeconds"/);
    const empty = await buildWith({});
    expect(() => immutableRoutes(empty)).toThrow(/no route with "initialRevalidateSeconds"/);
  });
});
