// Load test: 50 connections over a mix of sandbox calls, pages, a 404 and search queries, first
// with the embedded defaults, then with the CMS configured and down. Exits non-zero on any unexpected
// answer or connection error, if the server's memory after a full garbage collection grows over
// 20 % during the run, or if the CMS was never asked.
// Run after `npm run build`: npm run test:load (serves NEXT_DIST_DIR, default .next)
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startSite } from './lib/site-server.ts';
import { measureLoad } from './bench/http-load.mjs';
import { CMS_REVALIDATE_SECONDS, cmsBuild } from './load/cms-build.mjs';
import { openInspector } from './load/inspector.mjs';
import { requestMix, settlePages, tallyingRequests } from './load/mix.mjs';
import { residentBytes, serverProcess } from './load/server-process.mjs';

const CONNECTIONS = 50;
/** Seconds of load before the memory baseline is read, then seconds of the measured run. */
const WARM_UP_S = 10;
const RUN_S = 15;
/** The longest the pages may take after the warm-up to answer as the phase expects. */
const SETTLE_S = 30;
/** How much the server's resident memory may grow from after the warm-up to after the run. */
const RSS_GROWTH_LIMIT = 0.2;
/** The line lib/guides logs for each failed CMS call (SPEC 8). */
const CMS_FAILURE_LOG = 'Error fetching guides in _app:';

const logs = mkdtempSync(path.join(tmpdir(), 'kestrel-load-'));
const mebibytes = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** What went wrong in a phase: wrong or missing answers, errors, memory growth. */
function violationsOf({ mix, tally, errors, growth, unsettled }) {
  const violations = [...unsettled];
  for (const label of new Set(mix.map((request) => request.label))) {
    const entry = tally[label];
    if (!entry) violations.push(`${label}: never answered`);
    else if (entry.broken) {
      violations.push(`${label}: ${entry.broken} of ${entry.answers} wrong (${entry.lastProblem})`);
    }
  }
  if (errors) violations.push(`${errors} connection errors or timeouts`);
  if (growth > RSS_GROWTH_LIMIT) {
    const percent = (growth * 100).toFixed(0);
    violations.push(`memory grew ${percent} % (limit ${RSS_GROWTH_LIMIT * 100} %)`);
  }
  return violations;
}

/** Serves `distDir` with `env`, warms it up, loads it, and returns its figures and violations. */
async function loadPhase({ name, distDir, env, guides }) {
  const logFile = path.join(logs, `${name}.log`);
  // The inspector, on loopback, lets memory be read after a full garbage collection.
  const inspect = { NODE_OPTIONS: '--inspect=127.0.0.1:0' };
  // One client sends every request here, so the sandbox's and search's per-client limits are lifted.
  const sandbox = {
    SANDBOX_RATE_LIMIT: '100000000',
    SANDBOX_AUTH_RATE_LIMIT: '100000000',
    SANDBOX_CONCURRENCY_LIMIT: '100000000',
    SEARCH_RATE_LIMIT: '100000000',
  };
  const site = await startSite({ distDir, env: { ...env, ...inspect, ...sandbox }, logFile });
  const inspector = await openInspector(logFile);
  try {
    const pid = serverProcess(site.pid, Number(new URL(site.url).port));
    const memory = async () => {
      await inspector.collectGarbage();
      return residentBytes(pid);
    };
    const mix = requestMix(guides);
    const tally = {};
    const load = (durationS) =>
      measureLoad({
        baseUrl: site.url,
        requests: tallyingRequests(mix, tally),
        connections: CONNECTIONS,
        durationS,
      });
    const warmUp = await load(WARM_UP_S);
    // Pages prerendered while a CMS answered must have rendered again; then only the run is judged.
    const unsettled = await settlePages(site.url, mix, SETTLE_S);
    const rssAfterWarmUp = await memory();
    for (const label of Object.keys(tally)) delete tally[label];
    const run = await load(RUN_S);
    const rssAfterRun = await memory();

    const growth = rssAfterRun / rssAfterWarmUp - 1;
    const cmsFailuresLogged = readFileSync(logFile, 'utf8').split(CMS_FAILURE_LOG).length - 1;
    const errors = warmUp.errors + run.errors;
    const violations = violationsOf({ mix, tally, errors, growth, unsettled });
    if (guides === 'cms-down' && cmsFailuresLogged === 0) {
      violations.push(`the CMS was never asked: ${distDir} does not re-render its guide lists`);
    }
    return {
      row: {
        phase: name,
        build: distDir,
        answers: Object.values(tally).reduce((sum, entry) => sum + entry.answers, 0),
        'req/s': run.requestsPerSecond,
        'p99 ms': Math.round(run.p99),
        wrong: Object.values(tally).reduce((sum, entry) => sum + entry.broken, 0),
        errors,
        'RSS after warm-up': mebibytes(rssAfterWarmUp),
        'RSS after run': mebibytes(rssAfterRun),
        growth: `${(growth * 100).toFixed(1)} %`,
        'CMS failures logged': cmsFailuresLogged,
      },
      violations: violations.map((violation) => `${name}: ${violation}`),
    };
  } finally {
    inspector.close();
    await site.stop();
  }
}

const referenceDistDir = process.env.NEXT_DIST_DIR || '.next';
const phases = [
  await loadPhase({
    name: 'embedded defaults',
    distDir: referenceDistDir,
    // Blank CMS variables: guides come from content/guides whatever the shell has set.
    env: { CONTENT_API_URL: '', CONTENT_API_TOKEN: '' },
    guides: 'local',
  }),
];
const cms = await cmsBuild(referenceDistDir);
if (cms.buildSeconds !== null)
  console.log(`Built ${cms.distDir} in ${cms.buildSeconds.toFixed(0)} s`);
phases.push(
  await loadPhase({
    name: 'CMS down',
    distDir: cms.distDir,
    env: {
      CONTENT_API_URL: `http://127.0.0.1:${await freePort()}/graphql`,
      CONTENT_API_TOKEN: 'load-test',
      CONTENT_API_TIMEOUT_MS: '1000',
      GUIDES_REVALIDATE_SECONDS: String(CMS_REVALIDATE_SECONDS),
    },
    guides: 'cms-down',
  }),
);

console.table(phases.map((phase) => phase.row));
const violations = phases.flatMap((phase) => phase.violations);
for (const violation of violations) console.error(`FAIL ${violation}`);
console.log(
  violations.length ? `${violations.length} violations; logs in ${logs}` : 'Load test passed.',
);
process.exit(violations.length ? 1 : 0);
