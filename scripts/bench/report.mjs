import { HTML_BUDGET_BYTES } from '../bundle-budget/page-weight.ts';
import { SAMPLED_PAGES } from '../sampled-pages.mjs';

const PAGES = Object.values(SAMPLED_PAGES);
const integer = (value) => Math.round(value).toLocaleString('en-GB');
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
/** The HTML budgets of `npm run test:budget`, as the table's target. */
const htmlTargets = Object.entries(HTML_BUDGET_BYTES)
  .map(([page, bytes]) => `≤ ${bytes / 1024} KiB (\`${page}\`)`)
  .join(', ');
const ms = (value) => `${value < 10 ? value.toFixed(1) : integer(value)} ms`;

/**
 * Rows measured on each sampled page and on the baseline: `of` picks the figure from that
 * page's results; `ok(value, page)` compares it with its target where it has one.
 */
function pageRows() {
  const lighthouseRows = ['mobile', 'desktop'].flatMap((formFactor) => {
    const row = (name, key, format, target, ok) => ({
      label: `Lighthouse ${formFactor}: ${name}`,
      of: (page) => page[formFactor][key],
      format,
      target,
      ok,
    });
    const mobile = formFactor === 'mobile';
    return [
      row('performance', 'performance', String, '≥ 98 (aim 100)', (v) => v >= 98),
      row('accessibility', 'accessibility', String, '100', (v) => v === 100),
      row('best practices', 'best-practices', String, '100', (v) => v === 100),
      row('SEO', 'seo', String, '100', (v) => v === 100),
      row('FCP', 'fcpMs', ms),
      row('LCP', 'lcpMs', ms, mobile ? '≤ 1.5 s' : '', mobile ? (v) => v <= 1500 : undefined),
      row('TBT', 'tbtMs', ms),
      row(
        "TBT ÷ the empty page's, same round",
        'tbtRatio',
        (v) => v.toFixed(2),
        '≤ 1.00',
        (v) => v <= 1,
      ),
      row(
        'CLS',
        'cls',
        (v) => v.toFixed(3),
        '0',
        (v) => v === 0,
      ),
      row('main-thread work', 'mainThreadMs', ms),
      row('of which scripts', 'scriptMs', ms),
      row('host CPU benchmark index', 'benchmarkIndex', integer, '≥ 1,000', (v) => v >= 1000),
    ];
  });
  const bytesRow = (label, key, target, ok, format = kib) => ({
    label,
    of: (page) => page.bytes[key],
    format,
    target,
    ok,
  });
  return [
    ...lighthouseRows,
    bytesRow('First-load JS, gzip -9', 'jsGzip', '≤ 150 KiB', (v) => v <= 150 * 1024),
    bytesRow('First-load JS, raw', 'jsRaw'),
    bytesRow('First-load CSS, gzip -9', 'cssGzip'),
    bytesRow('First-load CSS, raw', 'cssRaw'),
    bytesRow('HTML, gzip -9', 'htmlGzip'),
    bytesRow('HTML, raw', 'htmlRaw', htmlTargets, (v, page) =>
      HTML_BUDGET_BYTES[page] === undefined ? undefined : v <= HTML_BUDGET_BYTES[page],
    ),
    bytesRow('of which flight data, raw', 'flightRaw'),
    bytesRow(
      'Fetched after load at 1280 px, gzip -9',
      'afterLoadGzip',
      '≤ 40 KiB (resource)',
      (v, page) => (page === SAMPLED_PAGES.resource ? v <= 40 * 1024 : undefined),
    ),
    bytesRow('Requests after load at 1280 px', 'afterLoadRequests', '', undefined, integer),
  ];
}

/** A figure measured once, shown in `column`: a page's path, or `site` for the whole site. */
const onceRow = (label, column, text, target = '', ok = undefined) => ({
  label,
  column,
  text,
  target,
  ok,
});

/** Rows of the deployment: pages through the proxy, create-a-charge on each sandbox store. */
function deploymentRows({ direct, proxied, sandbox }) {
  const resource = SAMPLED_PAGES.resource;
  const reqs = (value) => `${integer(value)} req/s`;
  const latency = ({ p50, p95 }) => `${ms(p50)} / ${ms(p95)}`;
  const failed = Object.values(sandbox).reduce((sum, figures) => sum + figures.failed, 0);
  return [
    onceRow(
      'Throughput, one instance direct, same round',
      resource,
      reqs(direct.requestsPerSecond),
    ),
    onceRow(
      'Throughput, nginx to two instances',
      resource,
      reqs(proxied.requestsPerSecond),
      '0 failed',
      proxied.failures === 0,
    ),
    onceRow(
      'Sandbox charge p50 / p95, memory store, 1 connection',
      'site',
      latency(sandbox.memory1),
    ),
    onceRow('Sandbox charge p50 / p95, Redis store, 1 connection', 'site', latency(sandbox.redis1)),
    onceRow(
      'Sandbox charge p50 / p95, memory store, 20 connections',
      'site',
      latency(sandbox.memory20),
    ),
    onceRow(
      'Sandbox charge p50 / p95, Redis store, 20 connections',
      'site',
      latency(sandbox.redis20),
    ),
    onceRow('Sandbox charges not created', 'site', integer(failed), '0', failed === 0),
  ];
}

/** Rows of the MCP server: tool-call latency with one session and with twenty at once. */
function mcpRows(mcp) {
  const latency = ({ p50, p95 }) => `${ms(p50)} / ${ms(p95)}`;
  const failed = Object.values(mcp).reduce((sum, figures) => sum + figures.failed, 0);
  return [
    ...Object.entries(mcp).map(([sessions, figures]) =>
      onceRow(
        `MCP tool call p50 / p95, ${sessions} session${sessions === '1' ? '' : 's'} at once`,
        'site',
        latency(figures),
      ),
    ),
    onceRow('MCP tool calls failed', 'site', integer(failed), '0', failed === 0),
  ];
}

/** Rows measured once: navigation, server load on the resource page and the baseline, search, build. */
function serverRows({ navigation, pageLoad, baselineLoad, search, build }) {
  const resource = SAMPLED_PAGES.resource;
  const reqs = (value) => `${integer(value)} req/s`;
  return [
    onceRow("Menu click to the new page's h1", resource, ms(navigation.clickToH1Ms)),
    onceRow('Menu click to its article', resource, ms(navigation.clickToArticleMs)),
    onceRow(
      'Throughput, 50 connections, gzip',
      resource,
      reqs(pageLoad.requestsPerSecond),
      '≥ 600 req/s',
      pageLoad.requestsPerSecond >= 600,
    ),
    onceRow('Throughput, 50 connections, gzip', 'baseline', reqs(baselineLoad.requestsPerSecond)),
    onceRow('Latency p50, 50 connections', resource, ms(pageLoad.p50)),
    onceRow('Latency p50, 50 connections', 'baseline', ms(baselineLoad.p50)),
    onceRow('Latency p99, 50 connections', resource, ms(pageLoad.p99)),
    onceRow(
      'Failed or non-2xx responses',
      resource,
      integer(pageLoad.failures),
      '0',
      pageLoad.failures === 0,
    ),
    onceRow('Search latency p50, 50 connections', 'site', ms(search.p50)),
    onceRow(
      'Search latency p95, 50 connections',
      'site',
      ms(search.p95),
      '< 50 ms',
      search.p95 < 50,
    ),
    onceRow('Search latency p99, 50 connections', 'site', ms(search.p99)),
    onceRow('Search throughput, 50 connections', 'site', reqs(search.requestsPerSecond)),
    onceRow(
      'Search failed or non-2xx responses',
      'site',
      integer(search.failures),
      '0',
      search.failures === 0,
    ),
    onceRow(
      'Build time (`npm run build`)',
      'site',
      build.seconds === null ? 'not measured' : `${build.seconds.toFixed(0)} s`,
    ),
    onceRow(
      '`.next-bench/static` size',
      'site',
      `${integer(build.staticBytes)} B (${kib(build.staticBytes)})`,
    ),
    onceRow('`.next-bench/static` files', 'site', integer(build.staticFiles)),
  ];
}

const mark = (text, ok) => (ok === undefined ? text : `${text} ${ok ? '✓' : '✗'}`);

/** The benchmark as one Markdown table: a row per figure, a column per page, targets beside. */
function resultsTable(results) {
  const header = [
    'Figure',
    'Target',
    ...PAGES.map((page) => `\`${page}\``),
    'Baseline (empty Next.js page)',
    'Site',
  ];
  const lines = [header, header.map(() => '---')];
  for (const row of pageRows()) {
    const cells = PAGES.map((page) => {
      const value = row.of(results.pages[page]);
      return mark(row.format(value), row.ok?.(value, page));
    });
    lines.push([row.label, row.target ?? '', ...cells, row.format(row.of(results.baseline)), '']);
  }
  for (const row of [
    ...serverRows(results),
    ...mcpRows(results.mcp),
    ...deploymentRows(results.deployment),
  ]) {
    const cells = [...PAGES, 'baseline', 'site'].map((name) =>
      name === row.column ? mark(row.text, row.ok) : '',
    );
    lines.push([row.label, row.target, ...cells]);
  }
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** bench/results.md: the machine, the table, and how each figure was measured. */
export function resultsDocument(results, machine) {
  const { connections, durationS } = machine.load;
  const [loadAtStart, loadAtEnd] = machine.loadAverages.map((load) => load.toFixed(1));
  return `# Benchmark

Measured by \`npm run bench\` on ${machine.date}: ${machine.cpu}, ${machine.memoryGiB} GiB, Node \
${machine.node}, Chromium ${machine.chromium}, Lighthouse ${machine.lighthouse}; load average \
${loadAtStart} at the start, ${loadAtEnd} at the end. Every figure but the build's is the median \
of ${machine.runs} runs (Lighthouse: ${machine.lighthouseRuns}) against the production server (\`npm start\`; \`next start\` for the baseline) on 127.0.0.1; ✓ or ✗ compares it with its target. The
baseline is an empty Next.js page (\`scripts/bench/baseline\`) built and measured in the same run.

${resultsTable(results)}

- Lighthouse: \`mobile\` is its default (simulated slow 4G, 4× CPU slowdown), \`desktop\` its
  desktop preset; headless Debian Chromium, a fresh browser per run. Each round of runs visits
  every page and the baseline in a rotated order. Total Blocking Time on two cores swings by
  hundreds of milliseconds between runs of the same page, so it is judged as a ratio: each
  round's TBT of a page over the empty page's TBT in that round, median over the rounds (no
  blocking on either side reads as 1.00); the baseline's own ratio is 1.00 by definition. The host CPU benchmark index is Lighthouse's
  own measure of how fast this machine ran at the time: its mobile figures scale the work
  observed here by 4, so a slower host reads as slower pages, and below 1,000 Lighthouse warns
  that the host "appears to have a slower CPU than Lighthouse expects". Its accessibility audit
  finds colours and tap targets by hit-testing what is painted, so on a long reference page it
  misreads the blocks that \`content-visibility: auto\` leaves unpainted far from the screen; the
  browser sweep (\`tests/e2e/accessibility.test.ts\`) paints them and runs the same axe rules on
  every page.
- Bytes: a cold load (empty cache) in Chromium until the network is idle, counted by resource
  type from the bodies received; gzip is computed here at level 9 from each body. The \`nomodule\`
  polyfill is never downloaded by Chromium, and link prefetches are not JS, CSS or HTML. Flight
  data is the page data Next.js writes into the HTML for hydration. "Fetched after load" is
  everything the page requests by itself in the 3 s after its load event at 1280 px with no input.
- Navigation: from \`${machine.navigation.fromPath}\`, the pointer rests 150 ms on the menu link
  "${machine.navigation.linkName}" (which fetches on intent), then clicks; time to the new h1 and
  to its article body.
- Load: autocannon from the same machine, ${connections} connections for ${durationS} s per run; \
pages are asked for with \`Accept-Encoding: gzip\` like a browser; search posts the 50 queries of \
\`scripts/bench/search-queries.mjs\` the way the browser client does, to a server with its answer \
cache off (\`SEARCH_RESULT_CACHE_SIZE=0\`), so every answer is computed. Failures are summed over \
the runs. Each connection waits for its answer before asking again, so latency is about \
${connections} / throughput: a p95 under 50 ms needs about ${integer(connections / 0.05)} answers \
a second.
- Deployment: one build served three ways in one round: one \`npm start\` on the memory store, \
and two on one \`redis-server\` behind Debian's nginx with \`deploy/nginx.conf\` (only its \
addresses and files changed). Page throughput is measured as above, on the one instance and \
through the proxy; on one 2-core machine the proxy and the second instance share the cores the \
first had to itself. Sandbox figures time each \`POST /v1/charges\` of 400, \
made by 1 or 20 clients at once, each client in sandboxes of its own (40 charges each), with \
the per-client limits lifted.
- MCP: the SDK's client over Streamable HTTP to \`/mcp\` on the server measured above (search \
answer cache off), 1 session making 300 tool calls, then 20 sessions at once making 15 each; each \
session is a client of its own with its own sandbox and takes turns at \`search_docs\`, \
\`get_operation\`, \`call_api\` (create a charge), \`read_page\` (one section) and \`list_events\`.
`;
}
