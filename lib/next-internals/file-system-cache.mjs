// Next.js's own page cache, in memory and on disk, which a cache handler (`cacheHandler` in
// next.config.ts) may extend: a module of its compiled output, not of its public API.
import nextFileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

export const FileSystemCache = nextFileSystemCache.default;
