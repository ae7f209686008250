// Next.js's own page cache, in memory and on disk, which a cache handler (`cacheHandler` in
// next.config.ts) may extend: a module of its compiled output, not of its public API. Node.js
// loads it as CommonJS with the class as `default`; Next.js's bundle of the request proxy, which
// takes the cache handler too, gives the class itself.
import nextFileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

export const FileSystemCache = nextFileSystemCache.default ?? nextFileSystemCache;
