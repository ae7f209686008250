// Next.js's page cache (its file-system cache, in memory and on disk) with one change: a page it
// renders again, when its interval has passed (CMS guides), is kept in the shape the build gives
// its prerendered pages, painting before its scripts load, rather than in Next.js's own, and
// carries the hashes of its inline scripts for the server's policy (script-policy.mjs).
import nextFileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import { SCRIPT_HASHES_HEADER, scriptHashes } from '../lib/security/script-hashes.mjs';
import { withoutNonces } from '../lib/security/script-policy.mjs';
import { paintFirst } from '../lib/html/paint-first.mjs';

const FileSystemCache = nextFileSystemCache.default;

export default class PaintFirstCache extends FileSystemCache {
  /**
   * @param {string} key
   * @param {{ kind?: string, status?: number, html?: unknown, headers?: Record<string, unknown> } | null} data
   * @param {unknown} context
   */
  async set(key, data, context) {
    // A path first asked for is the client's to choose, so its 404 is never kept; one replaces
    // only a page kept before (a guide taken out of the CMS), which would live on otherwise.
    if (data?.status === 404 && !(await this.get(key, { kind: data.kind }))) return;
    const html =
      data?.kind === 'APP_PAGE' && typeof data.html === 'string'
        ? paintFirst(withoutNonces(data.html))
        : null;
    const page =
      html === null
        ? data
        : {
            ...data,
            html,
            headers: { ...data?.headers, [SCRIPT_HASHES_HEADER]: scriptHashes(html).join(' ') },
          };
    return super.set(key, page, context);
  }
}
