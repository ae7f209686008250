import { existsSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite, freePort } from '../lib/site-server.ts';
import { SAMPLED_PAGES } from '../sampled-pages.mjs';

/** The load test's own CMS build, made when no fresh CMS build of the browser tests exists. */
const DIST_DIR = '.next-load';
/** The browser tests' build that re-renders every few seconds, reused when it is fresh. */
const BROWSER_TEST_DIST_DIR = '.next-cms-isr';
/**
 * How often its pages re-render, asking the CMS each time: the production mechanism (ISR),
 * short enough that the run meets the CMS failure several times per page.
 */
export const CMS_REVALIDATE_SECONDS = 5;

/** Whether `distDir` prerendered the guide lists to re-render them every few seconds. */
function regeneratesGuideLists(distDir) {
  const manifest = path.join(distDir, 'prerender-manifest.json');
  if (!existsSync(path.join(distDir, 'BUILD_ID')) || !existsSync(manifest)) return false;
  const { routes } = JSON.parse(readFileSync(manifest, 'utf8'));
  return [SAMPLED_PAGES.category, SAMPLED_PAGES.introduction].every((route) => {
    const seconds = routes[route]?.initialRevalidateSeconds;
    return typeof seconds === 'number' && seconds > 0 && seconds <= CMS_REVALIDATE_SECONDS;
  });
}

const builtAt = (distDir) => statSync(path.join(distDir, 'BUILD_ID')).mtimeMs;

/**
 * A build whose pages re-render their guide lists every few seconds, served with the CMS at an
 * address where nothing listens, so every re-render meets the failure: the browser tests' CMS
 * build when it is newer than `referenceDistDir`, else one made here with the CMS unreachable
 * (`next build`, not `npm run build`, which would rewrite the search records without guides)
 * and reused while it stays newer. Returns its folder and the build's seconds, if it ran.
 */
export async function cmsBuild(referenceDistDir) {
  for (const distDir of [BROWSER_TEST_DIST_DIR, DIST_DIR]) {
    if (regeneratesGuideLists(distDir) && builtAt(distDir) >= builtAt(referenceDistDir)) {
      return { distDir, buildSeconds: null };
    }
  }
  const started = performance.now();
  const logFile = path.join(tmpdir(), 'kestrel-load-build.log');
  await buildSite({
    distDir: DIST_DIR,
    env: {
      CONTENT_API_URL: `http://127.0.0.1:${await freePort()}/graphql`,
      CONTENT_API_TOKEN: 'load-test',
      GUIDES_REVALIDATE_SECONDS: String(CMS_REVALIDATE_SECONDS),
    },
    logFile,
  });
  if (!regeneratesGuideLists(DIST_DIR)) {
    throw new Error(`${DIST_DIR} does not re-render its guide lists: see ${logFile}`);
  }
  return { distDir: DIST_DIR, buildSeconds: (performance.now() - started) / 1000 };
}
