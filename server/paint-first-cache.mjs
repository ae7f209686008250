// Next.js's page cache (its file-system cache, in memory and on disk) with one change: a page it
// renders again, when its interval has passed (CMS guides), is kept in the shape the build gives
// its prerendered pages, painting before its scripts load, rather than in Next.js's own.
import nextFileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import { paintFirst } from './paint-first.mjs';

const FileSystemCache = nextFileSystemCache.default;

export default class PaintFirstCache extends FileSystemCache {
  /**
   * @param {string} key
   * @param {{ kind?: string, html?: unknown } | null} data
   * @param {unknown} context
   */
  async set(key, data, context) {
    const page =
      data?.kind === 'APP_PAGE' && typeof data.html === 'string'
        ? { ...data, html: paintFirst(data.html) }
        : data;
    return super.set(key, page, context);
  }
}
