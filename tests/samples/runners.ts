// The four ways a sample runs, each with the SDK as the build packed it (public/sdks): JavaScript
// and Python samples in one long-lived process each, a PHP sample in a `php` process of its own
// (a sample's functions and classes would clash with the next one's), a shell sample in `bash`.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { transform } from 'esbuild';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { SDK_PACKAGES } from '@/lib/sdks/downloads';
import type { Runner } from './page-samples';

const run = promisify(execFile);
const here = path.dirname(new URL(import.meta.url).pathname);
const fixtureFolder = path.join(here, 'fixture');
const packed = (language: string) =>
  path.resolve('public/sdks', SDK_PACKAGES.find((found) => found.language === language)!.file);

/** What a sample did: the error it ended with (null for a clean exit) and what it printed. */
export type SampleRun = { error: string | null; output: string[] };
export type SampleToRun = {
  n: number;
  id: string;
  language: string;
  code: string;
  baseUrl: string;
};

const SAMPLE_TIMEOUT_MS = 20_000;
/** PHP and shell samples run in processes of their own, this many of each at a time. */
const PROCESSES_AT_ONCE = 2;
const KEYS = {
  KESTREL_PUBLIC_KEY: SANDBOX_KEY_PAIR.publicKey,
  KESTREL_PRIVATE_KEY: SANDBOX_KEY_PAIR.privateKey,
};

/** A process that takes a sample a line and answers a result a line, in order. */
function lineRunner(command: string, args: string[], cwd: string) {
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: { ...process.env, ...KEYS },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting = new Map<number, (result: SampleRun) => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const { n, error, output } = JSON.parse(line) as SampleRun & { n: number };
    waiting.get(n)?.({ error, output });
    waiting.delete(n);
  });
  child.on('exit', (code) => {
    for (const resolve of waiting.values()) {
      resolve({ error: `${command} exited with ${code}`, output: [] });
    }
  });
  return {
    run: (sample: { n: number } & Record<string, unknown>) =>
      new Promise<SampleRun>((resolve) => {
        waiting.set(sample.n, resolve);
        child.stdin!.write(`${JSON.stringify(sample)}\n`);
      }),
    stop: () => child.kill(),
  };
}

/** The variables a PHP sample reads but never assigns itself. */
function unassignedVariables(code: string) {
  const assigned = new Set(
    [...code.matchAll(/\$(\w+)\s*=(?![=>])|\bas\s+\$(\w+)|=>\s*\$(\w+)\)/g)].map(
      (match) => match[1] ?? match[2] ?? match[3],
    ),
  );
  return new Set(
    [...code.matchAll(/\$(\w+)/g)].map((match) => match[1]!).filter((name) => !assigned.has(name)),
  );
}

/** `task` run at most `size` at a time. */
function pool<T, R>(size: number, task: (value: T) => Promise<R>) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async (value: T) => {
    if (running >= size) await new Promise<void>((resolve) => queue.push(resolve));
    running += 1;
    try {
      return await task(value);
    } finally {
      running -= 1;
      queue.shift()?.();
    }
  };
}

/** A command run once for one sample: its exit, its output lines. */
async function oneProcess(command: string, args: string[], cwd: string, env: object) {
  try {
    const { stdout } = await run(command, args, {
      cwd,
      env: { ...process.env, ...KEYS, ...env },
      timeout: SAMPLE_TIMEOUT_MS,
      maxBuffer: 4 * 1024 * 1024,
    });
    return { error: null, output: stdout.split('\n').filter(Boolean) };
  } catch (failure) {
    const { stdout = '', stderr = '', message } = failure as Error & Record<string, string>;
    return { error: stderr.trim() || message, output: stdout.split('\n').filter(Boolean) };
  }
}

/** Installs each SDK from its packed file into `work` and starts the runners. */
export async function startRunners(work: string) {
  const nodeFolder = path.join(work, 'node');
  await mkdir(nodeFolder, { recursive: true });
  await writeFile(path.join(nodeFolder, 'package.json'), '{ "private": true, "type": "module" }');
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', packed('node')], {
    cwd: nodeFolder,
  });
  await copyFile(path.join(fixtureFolder, 'fixture.mjs'), path.join(nodeFolder, 'fixture.mjs'));
  // A wheel and Composer's zip are zip files; the libraries read files beside their code, so
  // they run unpacked, as pip and Composer install them.
  const pythonSdk = path.join(work, 'python-sdk');
  const phpSdk = path.join(work, 'php-sdk');
  await run('python3', ['-m', 'zipfile', '-e', packed('python'), pythonSdk]);
  await run('python3', ['-m', 'zipfile', '-e', packed('php'), phpSdk]);
  // PHP samples run side by side in one folder, where a sample that starts with Composer's
  // `require 'vendor/autoload.php'` finds the SDK.
  const phpFolder = path.join(work, 'php');
  const phpFixture = JSON.stringify(path.join(fixtureFolder, 'fixture.php'));
  await mkdir(path.join(phpFolder, 'vendor'), { recursive: true });
  await writeFile(
    path.join(phpFolder, 'vendor/autoload.php'),
    "<?php require_once getenv('KESTREL_SDK') . '/autoload.php';\n",
  );

  const node = lineRunner(
    process.execPath,
    [path.join(here, 'runners/node.mjs'), path.join(nodeFolder, 'fixture.mjs')],
    nodeFolder,
  );
  const python = lineRunner(
    'python3',
    [path.join(here, 'runners/python.py'), fixtureFolder, pythonSdk],
    work,
  );

  const runners: Record<Runner, (sample: SampleToRun) => Promise<SampleRun>> = {
    node: async (sample) =>
      node.run({
        ...sample,
        code:
          sample.language === 'ts'
            ? (await transform(sample.code, { loader: 'ts', format: 'esm' })).code
            : sample.code,
        folder: path.join(nodeFolder, 'samples', String(sample.n)),
      }),
    python: (sample) => python.run({ ...sample }),
    php: pool(PROCESSES_AT_ONCE, async (sample) => {
      const code = sample.code.replace(/^<\?php\s*/, '');
      const file = `${sample.n}.php`;
      await writeFile(path.join(phpFolder, file), `<?php require ${phpFixture};\n${code}`);
      return oneProcess('php', [file], phpFolder, {
        KESTREL_SDK: phpSdk,
        KESTREL_BASE_URL: sample.baseUrl,
        KESTREL_FIXTURE_NAMES: [...unassignedVariables(code)].join(' '),
      });
    }),
    shell: pool(PROCESSES_AT_ONCE, (sample) =>
      oneProcess(
        'bash',
        ['-c', `source ${JSON.stringify(path.join(fixtureFolder, 'fixture.sh'))}\n${sample.code}`],
        work,
        { KESTREL_BASE_URL: sample.baseUrl },
      ),
    ),
  };
  return {
    runners,
    stop: () => {
      node.stop();
      python.stop();
    },
  };
}
