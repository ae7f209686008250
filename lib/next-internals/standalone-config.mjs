// A standalone build's folder (lib/build/standalone.ts) has no next.config.ts: Next.js takes the
// configuration the build wrote down (`required-server-files.json`), through the private
// variable the server.js Next.js writes for that folder sets.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The variable through which Next.js 16 reads a serialised configuration instead of the file. */
const STANDALONE_CONFIG = '__NEXT_PRIVATE_STANDALONE_CONFIG';

/**
 * Gives Next.js the build's own configuration when the folder has no next.config.ts; returns
 * true when it did.
 * @param {string} distDir the build folder
 */
export function applyBuiltConfig(distDir) {
  if (existsSync('next.config.ts')) return false;
  const file = path.join(distDir, 'required-server-files.json');
  if (!existsSync(file)) {
    throw new Error(
      `No build in ${path.resolve(distDir)}: set NEXT_DIST_DIR to the folder the build used.`,
    );
  }
  process.env[STANDALONE_CONFIG] = JSON.stringify(JSON.parse(readFileSync(file, 'utf8')).config);
  return true;
}
