// The embedded search endpoint, bundled with everything it uses into one module in the build
// folder, for the production server to load (lib/search/direct-service.ts). Packages are bundled
// too, so a standalone folder, whose node_modules holds only what Next.js's own bundles need,
// runs it as well.
import path from 'node:path';
import { build } from 'esbuild';
import { DIRECT_SEARCH_BUNDLE } from '@/lib/search/direct-bundle.mjs';

const ENTRY = 'lib/search/direct-service.ts';

/** Writes the bundle; returns its size in bytes. */
export async function bundleDirectSearch(distDir: string): Promise<number> {
  const outfile = path.join(distDir, DIRECT_SEARCH_BUNDLE);
  const { metafile } = await build({
    entryPoints: [ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Server code: `server-only` resolves to its empty module, as in Next.js's server bundles.
    conditions: ['react-server'],
    // Bundled CommonJS packages may `require` Node.js's modules.
    banner: {
      js: "import { createRequire } from 'node:module';const require=createRequire(import.meta.url);",
    },
    metafile: true,
    logLevel: 'warning',
  });
  return Object.values(metafile.outputs)[0]!.bytes;
}
