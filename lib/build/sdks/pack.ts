// The three SDKs packed into the files this site serves at /sdks/, so that the install lines for
// this site's sandbox work as pasted: npm takes the tarball, pip the wheel, Composer the zip.
// Node.js alone packs all three, so a build needs neither Python nor PHP.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeOperationTables } from '@/lib/sdks/write-operation-tables';
import { zipArchive, type ArchiveEntry } from './zip';

/** Where the packed SDKs are written: the site serves this folder at /sdks/. */
export const SDK_DOWNLOADS = 'public/sdks';

/** Every file below `folder`, as paths relative to `base`, in a stable order. */
function filesBelow(base: string, folder: string): string[] {
  return readdirSync(path.join(base, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes('__pycache__'))
    .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)))
    .sort();
}

const entriesOf = (base: string, names: string[]): ArchiveEntry[] =>
  names.map((name) => ({ name, data: readFileSync(path.join(base, name)) }));

/** The PHP library as Composer's artifact and package repositories take it: composer.json at the root. */
function packPhp(root: string, out: string) {
  const base = path.join(root, 'sdks/php');
  const { name, version } = JSON.parse(readFileSync(path.join(base, 'composer.json'), 'utf8'));
  const names = ['composer.json', 'autoload.php', 'README.md', ...filesBelow(base, 'src')];
  const file = `${String(name).split('/')[1]}-${version}.zip`;
  writeFileSync(path.join(out, file), zipArchive(entriesOf(base, names)));
  return file;
}

/** The Python library as a wheel (PEP 427), with the metadata its own build backend writes. */
function packPython(root: string, out: string) {
  const base = path.join(root, 'sdks/python');
  const version = /^VERSION = "([^"]+)"$/m.exec(
    readFileSync(path.join(base, 'kestrelpay/version.py'), 'utf8'),
  )![1]!;
  const distInfo = `kestrelpay-${version}.dist-info`;
  const metadata = [
    'Metadata-Version: 2.1',
    'Name: kestrelpay',
    `Version: ${version}`,
    'Summary: The official Python library for the Kestrel Pay API.',
    'Requires-Python: >=3.9',
    'Description-Content-Type: text/markdown',
  ].join('\n');
  const readme = readFileSync(path.join(base, 'README.md'), 'utf8');
  const modules = filesBelow(base, 'kestrelpay').filter(
    (name) => name.endsWith('.py') || name.endsWith('operations.json'),
  );
  const entries = entriesOf(base, modules);
  const text = (name: string, value: string) => ({ name, data: Buffer.from(value, 'utf8') });
  entries.push(
    text(`${distInfo}/METADATA`, `${metadata}\n\n${readme}`),
    text(
      `${distInfo}/WHEEL`,
      'Wheel-Version: 1.0\nGenerator: kestrelpay build_backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
    ),
    text(`${distInfo}/top_level.txt`, 'kestrelpay\n'),
  );
  const digest = (data: Buffer) => createHash('sha256').update(data).digest('base64url');
  const record = entries.map(({ name, data }) => `${name},sha256=${digest(data)},${data.length}`);
  entries.push(text(`${distInfo}/RECORD`, `${[...record, `${distInfo}/RECORD,,`].join('\n')}\n`));
  const file = `kestrelpay-${version}-py3-none-any.whl`;
  writeFileSync(path.join(out, file), zipArchive(entries));
  return file;
}

/** The Node.js library, by its own packing script (npm pack, its types and CommonJS build). */
function packNode(root: string, out: string) {
  const before = new Set(readdirSync(out));
  execFileSync(process.execPath, ['sdks/node/scripts/pack.mjs', out], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return readdirSync(out).find((file) => !before.has(file) && file.endsWith('.tgz'))!;
}

/** Packs the three SDKs into `public/sdks`, afresh; fails when one of them made no file. */
export function packSdks(root = process.cwd()): string[] {
  const out = path.join(root, SDK_DOWNLOADS);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeOperationTables(root);
  const files = [packNode(root, out), packPython(root, out), packPhp(root, out)];
  if (files.some((file) => !file)) throw new Error(`Packing the SDKs made ${files.join(', ')}.`);
  return files;
}
