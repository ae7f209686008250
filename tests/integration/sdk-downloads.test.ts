// The SDKs page as a new integrator follows it with "This site's sandbox" chosen: each install
// line, as the page writes it for this site, installs the library from the running site, and the
// page's own first request then creates its charge in the site's sandbox.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sampleFor, serverOf } from '@/lib/openapi/samples/servers';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { SDK_PACKAGES } from '@/lib/sdks/downloads';

const run = promisify(execFile);
const site = inject('baseUrl');
const forSite = (code: string) => sampleFor(code, serverOf('site'), site);
let folder = '';

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'sdk-downloads-'));
});
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The code blocks of the SDKs page, by title, as written for this site's sandbox. */
async function pageBlocks(): Promise<Map<string, string[]>> {
  const source = await readFile('content/docs/sdks.mdx', 'utf8');
  const blocks = new Map<string, string[]>();
  for (const [, title, code] of source.matchAll(/^```\w+ title="([^"]+)"\n([\s\S]*?)^```$/gm)) {
    blocks.set(title!, [...(blocks.get(title!) ?? []), forSite(code!)]);
  }
  return blocks;
}

/** The page's install line of one package manager, as written for this site. */
async function installLine(command: string) {
  const [install] = (await pageBlocks()).get('Install')!;
  return install!.split('\n').find((line) => line.includes(command))!;
}

/** The page's first request in a language, with the keys it reads from the environment. */
async function firstRequest(title: string) {
  return (await pageBlocks()).get(title)![0]!;
}

/** Runs a shell command as a reader would paste it, in `cwd`. */
const shell = (command: string, cwd: string, env: Record<string, string> = {}) =>
  run('bash', ['-c', command], { cwd, env: { ...process.env, ...env }, timeout: 120_000 });

const KEYS = {
  KESTREL_PUBLIC_KEY: SANDBOX_KEY_PAIR.publicKey,
  KESTREL_PRIVATE_KEY: SANDBOX_KEY_PAIR.privateKey,
};

describe('the SDKs page, with this site’s sandbox chosen', () => {
  it('serves each package it names, at the address its install line gives', async () => {
    for (const { file } of SDK_PACKAGES) {
      const answer = await fetch(`${site}/sdks/${file}`);
      expect(answer.status, file).toBe(200);
      expect((await answer.arrayBuffer()).byteLength, file).toBeGreaterThan(1000);
    }
  });

  it('installs the Node.js library with npm, and its first request creates the charge', async () => {
    const project = path.join(folder, 'node');
    await shell(`mkdir -p ${project} && cd ${project} && npm init -y >/dev/null`, folder);
    await shell(`${await installLine('npm install')} --no-audit --no-fund`, project);
    const sample = `${await firstRequest('JavaScript')}\nconsole.log(JSON.stringify(charge));\n`;
    await writeFile(path.join(project, 'first-request.mjs'), sample);
    const { stdout } = await shell('node first-request.mjs', project, KEYS);
    expect(JSON.parse(stdout)).toMatchObject({ object: 'charge', amount: 12500, currency: 'GBP' });
  }, 120_000);

  it('installs the Python library with pip, and its first request creates the charge', async () => {
    const target = path.join(folder, 'python');
    const install = (await installLine('pip install')).replace(/^pip /, 'python3 -m pip ');
    await shell(`${install} --quiet --no-index --target ${target}`, folder);
    const sample = `${await firstRequest('Python')}\nprint(charge.id, charge.status)\n`;
    await writeFile(path.join(target, 'first_request.py'), sample);
    const { stdout } = await shell('python3 first_request.py', target, {
      ...KEYS,
      PYTHONPATH: target,
    });
    expect(stdout).toMatch(/^ch_\w+ \w+\n$/);
  }, 120_000);

  it('installs the PHP library with Composer, and its first request creates the charge', async () => {
    const project = path.join(folder, 'php');
    const composer = {
      COMPOSER_ALLOW_SUPERUSER: '1',
      COMPOSER_HOME: path.join(folder, 'composer-home'),
      COMPOSER_NO_INTERACTION: '1',
    };
    // This machine reaches no registry but npm's and Debian's: Packagist is left out, as nothing
    // the library needs comes from it.
    await shell(
      `mkdir -p ${project} && cd ${project} && echo '{}' > composer.json && composer config repositories.packagist false`,
      folder,
      composer,
    );
    await shell(await installLine('composer require'), project, composer);
    const sample = `${await firstRequest('PHP')}\necho $charge->id, ' ', $charge->status, "\\n";\n`;
    await writeFile(path.join(project, 'first-request.php'), sample);
    const { stdout } = await shell('php first-request.php', project, KEYS);
    expect(stdout).toMatch(/^ch_\w+ \w+\n$/);
  }, 120_000);
});
