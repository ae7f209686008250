// Packs @kestrelpay/node into one installable file: node sdks/node/scripts/pack.mjs OUT_DIR (or
// npm run sdks:pack:node -- OUT_DIR) writes OUT_DIR/kestrelpay-node-<version>.tgz. The package is
// put together in a temporary folder, with what it ships but the repository does not keep: the
// operation table, the types generated from the API document and the CommonJS build.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const sdk = fileURLToPath(new URL('..', import.meta.url));
const root = path.resolve(sdk, '../..');
if (!process.argv[2]) {
  console.error('Usage: node sdks/node/scripts/pack.mjs OUT_DIR');
  process.exit(1);
}
const destination = path.resolve(process.argv[2]);
mkdirSync(destination, { recursive: true });
const stage = mkdtempSync(path.join(tmpdir(), 'kestrelpay-node-'));
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: 'inherit' });

try {
  run('npm', ['run', '--silent', 'sdks:tables'], root);
  for (const file of ['package.json', 'README.md', 'src']) {
    cpSync(path.join(sdk, file), path.join(stage, file), { recursive: true });
  }
  const writeTypes = path.join(sdk, 'scripts/write-types.ts');
  const types = path.join(stage, 'types');
  run(process.execPath, ['--conditions=react-server', '--import', 'tsx', writeTypes, types], root);

  // The CommonJS build reads its operation table beside itself, as the ES module build does.
  await build({
    entryPoints: [path.join(stage, 'src/index.js')],
    outfile: path.join(stage, 'dist/index.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    define: { 'import.meta.url': 'moduleUrl' },
    banner: { js: "const moduleUrl = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
  });
  copyFileSync(path.join(stage, 'src/operations.json'), path.join(stage, 'dist/operations.json'));

  run('npm', ['pack', '--silent', '--pack-destination', destination], stage);
  const { version } = JSON.parse(readFileSync(path.join(sdk, 'package.json'), 'utf8'));
  console.log(`Packed ${path.join(destination, `kestrelpay-node-${version}.tgz`)}`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
