import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';

export const run = promisify(execFile);

// What every scenario starts with: the package imported, a client, and ways to report results.
const preamble = (options: Record<string, unknown>) => `import { randomUUID } from 'node:crypto';
import * as sdk from '@kestrelpay/node';
const { KestrelPay, KestrelError } = sdk;
const kestrel = new KestrelPay({
  publicKey: process.env.KESTREL_PUBLIC_KEY,
  privateKey: process.env.KESTREL_PRIVATE_KEY,
  baseUrl: process.env.KESTREL_BASE_URL,
  ...${JSON.stringify(options)},
});
const failure = (error) => error instanceof KestrelError
  ? { class: error.constructor.name, type: error.type, code: error.code, param: error.param,
      requestId: error.requestId, status: error.status, message: error.message }
  : { thrown: String(error) };
const report = (value) => console.log(JSON.stringify(value));
`;

/**
 * @kestrelpay/node as a reader gets it: packed by its own script, then installed from the .tgz,
 * offline, into a folder of its own (an ES module project), where `inNode` runs scripts.
 */
export async function installNodeSdk(baseUrl: string) {
  const work = mkdtempSync(path.join(tmpdir(), 'sdk-node-'));
  await run(process.execPath, ['sdks/node/scripts/pack.mjs', path.join(work, 'out')]);
  const folder = path.join(work, 'app');
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'package.json'), '{ "private": true, "type": "module" }');
  const tarball = path.join(work, 'out', 'kestrelpay-node-1.0.0.tgz');
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: folder });
  const env = {
    ...process.env,
    KESTREL_PUBLIC_KEY: SANDBOX_KEY_PAIR.publicKey,
    KESTREL_PRIVATE_KEY: SANDBOX_KEY_PAIR.privateKey,
    KESTREL_BASE_URL: baseUrl,
  };

  /**
   * Runs `body` in a child node process after the preamble, its client made with `options`, or
   * as it is when it has a file name of its own; the last line it prints, as JSON.
   */
  async function inNode(body: string, options: Record<string, unknown> = {}, ownFile?: string) {
    const file = ownFile ?? 'scenario.mjs';
    writeFileSync(path.join(folder, file), ownFile ? body : `${preamble(options)}${body}`);
    const { stdout } = await run(process.execPath, [file], { cwd: folder, env });
    // Read field by field in the assertions.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as any;
  }

  return {
    folder,
    inNode,
    /** Writes a file into the reader's folder. */
    write: (name: string, text: string) => writeFileSync(path.join(folder, name), text),
    remove: () => rmSync(work, { recursive: true, force: true }),
  };
}
