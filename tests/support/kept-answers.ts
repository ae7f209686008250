// What a test reads of how long an answer may be kept, and of what the server stored for it.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The longest a cache may keep a 404, in seconds: a minute. */
export const NOT_FOUND_MAX_LIFETIME = 60;

/** The longest a shared cache may keep or serve an answer, in seconds, by its Cache-Control. */
export function sharedLifetime(cacheControl: string | null): number {
  if (!cacheControl || /no-store|private/i.test(cacheControl)) return 0;
  const seconds = [...cacheControl.matchAll(/(?:s-maxage|max-age|stale-[a-z-]+)=(\d+)/gi)];
  return Math.max(0, ...seconds.map((match) => Number(match[1])));
}

/**
 * The files whose path contains `name` where Next.js keeps what it renders: the build's server
 * and cache folders.
 */
export function filesStoredFor(distDir: string, name: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    const entries = existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [];
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.includes(name)) found.push(file);
    }
  };
  for (const folder of ['server', 'cache']) walk(path.join(distDir, folder));
  return found;
}
