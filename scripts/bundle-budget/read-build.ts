import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Chunk } from './forbidden';

/** The HTML `next build` prerendered for a route, e.g. `/` → `server/app/index.html`. */
export function prerenderedHtml(distDir: string, route: string) {
  const file = path.join(distDir, 'server/app', `${route === '/' ? '/index' : route}.html`);
  if (!existsSync(file)) {
    throw new Error(`${file} does not exist: build first, or check that ${route} is prerendered.`);
  }
  return readFileSync(file, 'utf8');
}

/** Every client JavaScript chunk of the build (`<dist>/static/chunks/**.js`). */
export function clientChunks(distDir: string): Chunk[] {
  const folder = path.join(distDir, 'static/chunks');
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(folder, name), 'utf8') }));
}
