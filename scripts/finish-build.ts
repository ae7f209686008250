// Finishes `npm run build` (its `postbuild`): see lib/build/finish-build.ts.
// Reads NEXT_DIST_DIR, default .next.
import { finishBuild } from '@/lib/build/finish-build';

const distDir = process.env.NEXT_DIST_DIR || '.next';
const { hintedChunks, pagesPaintingFirst, pagesHashed, directSearchBytes, standaloneFolder } =
  await finishBuild(distDir);
console.log(
  `Build finished: ${hintedChunks} startup chunks marked for background compilation, ${pagesPaintingFirst} prerendered pages painting before their scripts load, ${pagesHashed} pages' inline scripts hashed for the Content-Security-Policy, the search endpoint bundled for the production server (${Math.round(directSearchBytes / 1024)} KiB).`,
);
if (standaloneFolder)
  console.log(`Standalone server: cd ${standaloneFolder} && node server/main.mjs`);
