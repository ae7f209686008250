// Every sample runs: each code block of every page, in its language, against the sandbox of the
// production build, with the SDKs as the build packed them, in a sandbox of its own. The build is
// served here by a server of its own, so the samples' hundreds of sandboxes a minute crowd out no
// other test's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFor, serverOf } from '@/lib/openapi/samples/servers';
import { startSite } from '@/scripts/lib/site-server';
import { SERVED_LIMITS } from '../support/served-limits';
import { exceptionOf } from '../samples/exceptions';
import { everyPageBlock, type PageBlock } from '../samples/page-samples';
import { startSampleRecorder } from '../samples/recorder';
import { startRunners, type SampleRun } from '../samples/runners';
import { problemsOf } from '../samples/verdict';

const blocks = await everyPageBlock();
const toRun = blocks.filter((block) => block.runner && !exceptionOf(block));
const runs = new Map<PageBlock, Promise<{ run: SampleRun; problems: string[] }>>();
const tally = { run: 0, passed: 0, excepted: blocks.length - toRun.length };
let stop = async () => {};

beforeAll(async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'samples-'));
  // Every sample asks for a token: a minute's worth is far more than any reader's. The SDKs
  // install while the site starts.
  const [site, { runners, stop: stopRunners }] = await Promise.all([
    startSite({ env: { ...SERVED_LIMITS, SANDBOX_AUTH_RATE_LIMIT: '10000' } }),
    startRunners(work),
  ]);
  const recorder = await startSampleRecorder(site.url);
  stop = async () => {
    stopRunners();
    await recorder.stop();
    await site.stop();
    await rm(work, { recursive: true, force: true });
  };
  const ownSandbox = serverOf('site');
  toRun.forEach((block, index) => {
    const n = index + 1;
    const origin = recorder.originOf(n);
    const code = sampleFor(block.code, ownSandbox, origin);
    const baseUrl = ownSandbox.baseUrl(origin);
    const sample = { n, id: block.id, language: block.language, code, baseUrl };
    runs.set(
      block,
      runners[block.runner!](sample).then((run) => ({
        run,
        problems: problemsOf(run, recorder.exchangesOf(n), block.answer, block.runner !== 'shell'),
      })),
    );
  });
}, 120_000);

afterAll(async () => {
  await stop();
  console.log(`${tally.run} run, ${tally.passed} passed, ${tally.excepted} excepted`);
});

describe.each([...new Set(blocks.map((block) => block.route))])('the samples of %s', (route) => {
  for (const block of blocks.filter((candidate) => candidate.route === route)) {
    const name = `${block.id} ${block.title || block.language}`;
    const reason = exceptionOf(block);
    if (reason) {
      it.skip(`${name}: not run, ${reason}`, () => {});
      continue;
    }
    it(`${name} runs as its page says`, async () => {
      expect(
        block.runner,
        `No runner takes ${block.language}: name the block in tests/samples/exceptions.ts`,
      ).not.toBeNull();
      const { run, problems } = await runs.get(block)!;
      tally.run += 1;
      if (problems.length) {
        const printed = run.output.length ? `\n\nIt printed:\n${run.output.join('\n')}` : '';
        expect.fail(`${problems.join('\n')}${printed}\n\nThe sample:\n${block.code}`);
      }
      tally.passed += 1;
    }, 600_000);
  }
});
