// Next.js's page cache (its file-system cache, in memory and on disk) with one change: a page it
// renders again, when its interval has passed (CMS guides), is kept in the shape the build gives
// its prerendered pages, painting before its scripts load, rather than in Next.js's own, and the
// hashes of its inline scripts are kept beside the build's for its policy (proxy.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pageOfCacheKey } from '../lib/next-internals/cache-key.mjs';
import { FileSystemCache } from '../lib/next-internals/file-system-cache.mjs';
import { scriptHashes } from '../lib/security/script-hashes.mjs';
import { withoutNonces } from '../lib/security/script-policy.mjs';
import { chunksOfLoader, paintFirst } from '../lib/html/paint-first.mjs';
import { reportUnknownShape } from '../lib/next-internals/index.mjs';
import { refreshedHashesFile } from '../lib/security/script-manifest.mjs';

export default class PaintFirstCache extends FileSystemCache {
  /**
   * @param {string} key
   * @param {{ kind?: string, status?: number, html?: unknown } | null} data
   * @param {unknown} context
   */
  async set(key, data, context) {
    // A path first asked for is the client's to choose, so its 404 is never kept; one replaces
    // only a page kept before (a guide taken out of the CMS), which would live on otherwise.
    if (data?.status === 404 && !(await this.get(key, { kind: data.kind }))) return;
    if (data?.kind !== 'APP_PAGE' || typeof data.html !== 'string') {
      return super.set(key, data, context);
    }
    const rendered = withoutNonces(data.html);
    const html = paintFirst(rendered);
    if (html === rendered && chunksOfLoader(html).length === 0) {
      reportUnknownShape('chunk-tags', 'a page rendered again keeps Next.js’s own script loading');
    }
    // Kept before the page, so that the policy never serves the page without its hashes.
    const page = pageOfCacheKey(key);
    if (page === undefined) {
      reportUnknownShape(
        'cache-key',
        `a page rendered again (${key}) keeps the build's hashes only`,
      );
    } else {
      const file = refreshedHashesFile(path.dirname(this.serverDistDir), page);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(scriptHashes(html)));
    }
    return super.set(key, { ...data, html }, context);
  }
}
