// Benchmarks the production site on this machine beside an empty Next.js page built in the same
// run (scripts/bench/baseline): builds both (the site's build timed), serves them on 127.0.0.1,
// then measures Lighthouse scores, page weight (first-load bytes, HTML and its flight data, what
// a page fetches after load), navigation, page and search load, MCP tool calls, pages through the proxy and the
// sandbox on Redis; prints one table and writes it to bench/results.md. Run: npm run bench (npm run bench -- --no-build serves the last builds)
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import prettier from 'prettier';
import { flightData } from '../bundle-budget/page-weight.ts';
import { buildSite, startSite } from '../lib/site-server.ts';
import { SAMPLED_PAGES } from '../sampled-pages.mjs';
import { staticFolderSize, timedBuild } from './build.mjs';
import { afterLoadBytes } from './after-load-bytes.mjs';
import { deploymentFigures } from './deployment.mjs';
import { firstLoadBytes, launchBrowser } from './first-load-bytes.mjs';
import { BROWSER_HEADERS, measureLoad } from './http-load.mjs';
import { lighthouseRun } from './lighthouse.mjs';
import { MCP_BENCH_ENV, measureMcpRounds } from './mcp-load.mjs';
import { clickToPage } from './navigation.mjs';
import { resultsDocument } from './report.mjs';
import { SEARCH_PATH, SEARCH_REQUESTS } from './search-queries.mjs';
import { medians, repeat } from './stats.mjs';
import { medianTbtRatio } from './tbt-ratio.mjs';

const DIST_DIR = '.next-bench';
const BASELINE_DIR = 'scripts/bench/baseline';
/** The click measured from one page to another through the menu. */
const NAVIGATION = { fromPath: '/resources/refunds', linkName: 'Charges', title: 'Charges' };
/** Every figure but the build's and Lighthouse's is the median of this many runs. */
const RUNS = 3;
/** Lighthouse rounds: its blocking time swings most, so it gets more. */
const LIGHTHOUSE_RUNS = 5;
const LOAD = { connections: 50, durationS: 10 };
const RESULTS_FILE = 'bench/results.md';

const started = performance.now();
const loadAtStart = os.loadavg()[0];
const progress = (message) =>
  console.error(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${message}`);

/** Load runs: the median of each figure, and every failure of every run. */
async function loadFigures(options) {
  const runs = await repeat(RUNS, () => measureLoad({ ...LOAD, ...options }));
  const failures = runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0);
  return { ...medians(runs), failures };
}

const rebuild = !process.argv.includes('--no-build');
const buildSeconds = rebuild ? await timedBuild(DIST_DIR) : null;
if (rebuild) await buildSite({ projectDir: BASELINE_DIR, logFile: os.devNull });
progress(
  buildSeconds === null ? `Serving the last ${DIST_DIR}` : `Built in ${buildSeconds.toFixed(0)} s`,
);

/** A page's weight in a fresh browser: first-load bytes, HTML and flight data, after-load fetches. */
async function pageWeight(browser, url) {
  const html = await (await fetch(url)).text();
  return medians(
    await repeat(RUNS, async () => ({
      ...(await firstLoadBytes(browser, url)),
      ...(await afterLoadBytes(browser, url)),
      flightRaw: Buffer.byteLength(flightData(html)),
    })),
  );
}

/**
 * Lighthouse, mobile and desktop, median of the rounds for each of `urls` (by name), and each
 * page's TBT as a ratio to `baselineName`'s in the same round. Each round visits every URL in a
 * rotated order, so a slow spell of this shared machine falls on all of them, the baseline
 * included, rather than on whichever page was measured during it.
 */
async function lighthouseFigures(urls, baselineName) {
  const names = Object.keys(urls);
  const runs = Object.fromEntries(names.map((name) => [name, { mobile: [], desktop: [] }]));
  for (let round = 0; round < LIGHTHOUSE_RUNS; round += 1) {
    const order = [...names.slice(round % names.length), ...names.slice(0, round % names.length)];
    for (const formFactor of ['mobile', 'desktop']) {
      for (const name of order) {
        runs[name][formFactor].push(await lighthouseRun(urls[name], formFactor));
      }
    }
    progress(`Lighthouse round ${round + 1} of ${LIGHTHOUSE_RUNS}`);
  }
  const figures = (name, formFactor) => ({
    ...medians(runs[name][formFactor]),
    tbtRatio: medianTbtRatio(runs[name][formFactor], runs[baselineName][formFactor]),
  });
  return Object.fromEntries(
    names.map((name) => [
      name,
      { mobile: figures(name, 'mobile'), desktop: figures(name, 'desktop') },
    ]),
  );
}
const { bytes: staticBytes, files: staticFiles } = staticFolderSize(DIST_DIR);

// Search is measured without the service's answer cache: the fifty queries repeat, and cached
// figures would say nothing about the engine (`npm run bench:search` prints both). One client
// sends every search, so its per-client limit is lifted, as are the MCP server's and sandbox's.
const site = await startSite({
  distDir: DIST_DIR,
  env: { SEARCH_RESULT_CACHE_SIZE: '0', SEARCH_RATE_LIMIT: '100000000', ...MCP_BENCH_ENV },
});
const baseline = await startSite({ projectDir: BASELINE_DIR });
const results = { pages: {}, build: { seconds: buildSeconds, staticBytes, staticFiles } };
let chromiumVersion;
try {
  // The server compiles each route and builds the search index on first use: warm them first.
  for (const page of Object.values(SAMPLED_PAGES)) await (await fetch(site.url + page)).text();
  await (await fetch(baseline.url)).text();
  await fetch(site.url + SEARCH_PATH, { method: 'POST', body: SEARCH_REQUESTS[0].body });

  const browser = await launchBrowser();
  chromiumVersion = browser.version();
  for (const page of Object.values(SAMPLED_PAGES)) {
    results.pages[page] = { bytes: await pageWeight(browser, site.url + page) };
  }
  results.baseline = { bytes: await pageWeight(browser, `${baseline.url}/`) };
  results.navigation = medians(
    await repeat(RUNS, () => clickToPage(browser, site.url, NAVIGATION)),
  );
  await browser.close();
  progress('Page weight and navigation measured');

  const lighthouse = await lighthouseFigures(
    {
      ...Object.fromEntries(Object.values(SAMPLED_PAGES).map((page) => [page, site.url + page])),
      baseline: `${baseline.url}/`,
    },
    'baseline',
  );
  for (const page of Object.values(SAMPLED_PAGES)) {
    Object.assign(results.pages[page], lighthouse[page]);
  }
  Object.assign(results.baseline, lighthouse.baseline);

  results.pageLoad = await loadFigures({
    baseUrl: site.url,
    requests: [{ method: 'GET', path: SAMPLED_PAGES.resource }],
    headers: BROWSER_HEADERS,
  });
  results.baselineLoad = await loadFigures({
    baseUrl: baseline.url,
    requests: [{ method: 'GET', path: '/' }],
    headers: BROWSER_HEADERS,
  });
  results.search = await loadFigures({ baseUrl: site.url, requests: SEARCH_REQUESTS });
  progress('Page and search load measured');

  results.mcp = await measureMcpRounds(site.url);
  progress('MCP tool calls measured');
} finally {
  await Promise.all([site.stop(), baseline.stop()]);
}
results.deployment = await deploymentFigures({ distDir: DIST_DIR, loadFigures });
progress('Pages through the proxy and the sandbox on Redis measured');

const document = resultsDocument(results, {
  date: new Date().toISOString().slice(0, 10),
  cpu: `${os.cpus()[0].model}, ${os.cpus().length} cores shared with other work`,
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  chromium: chromiumVersion,
  lighthouse: JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version,
  loadAverages: [loadAtStart, os.loadavg()[0]],
  runs: RUNS,
  lighthouseRuns: LIGHTHOUSE_RUNS,
  load: LOAD,
  navigation: NAVIGATION,
});
// Formatted like every other Markdown file of the repository, so the lint step accepts it.
const formatted = await prettier.format(document, {
  ...(await prettier.resolveConfig(RESULTS_FILE)),
  filepath: RESULTS_FILE,
});
writeFileSync(RESULTS_FILE, formatted);
console.log(formatted.slice(formatted.indexOf('| Figure')).split('\n\n')[0]);
progress(`Written to ${RESULTS_FILE}`);
