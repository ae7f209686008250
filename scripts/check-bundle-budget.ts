// Fails when a sampled page's first-load JavaScript or HTML is over budget, when a page carries
// the menu more than once in its markup or its flight data, when a first-load chunk lacks the
// compile hint (lib/build/compile-hints.ts), or when a client chunk ships Shiki, the page
// pipeline, the OpenAPI document, the search records or, with search insights off, the insights
// plugin. Run after a build:
// npm run test:budget (reads NEXT_DIST_DIR, default .next)
import { readFileSync } from 'node:fs';
import { COMPILE_HINT } from '@/lib/build/compile-hints';
import { RECORDS_FILE } from '@/lib/search/records-file';
import { openApiSignature, searchRecordsSignature } from './bundle-budget/data-signatures';
import { FIRST_LOAD_JS_BUDGET_BYTES, pageWeight, staticFilePath } from './bundle-budget/first-load';
import { parseConfig } from '@/lib/config/env';
import {
  forbiddenContent,
  INSIGHTS_PLUGIN_SIGNATURE,
  LIBRARY_SIGNATURES,
} from './bundle-budget/forbidden';
import { HTML_BUDGET_BYTES, menuCopies } from './bundle-budget/page-weight';
import { clientChunks, prerenderedHtml } from './bundle-budget/read-build';
import { flatten } from '@/lib/navigation';
import { getMenu } from '@/lib/source';
import { SAMPLED_PAGES } from './sampled-pages.mjs';

const distDir = process.env.NEXT_DIST_DIR || '.next';
const bytes = (count: number) => `${count.toLocaleString('en-GB')} B`;

// Each file is read once: the sampled pages' HTML, and every client chunk (the first-load ones
// among them).
const pages = Object.values(SAMPLED_PAGES).map((page) => ({
  page,
  html: prerenderedHtml(distDir, page),
}));
const chunks = clientChunks(distDir);
const chunkTexts = new Map(chunks.map(({ name, text }) => [`static/chunks/${name}`, text]));
function chunkText(src: string) {
  const text = chunkTexts.get(staticFilePath(src));
  if (text === undefined) throw new Error(`${src} is not a client chunk of ${distDir}`);
  return text;
}

const weights = pages.map(({ page, html }) => pageWeight(page, html, chunkText));
console.log(`First-load JavaScript, gzip level 9, budget ${bytes(FIRST_LOAD_JS_BUDGET_BYTES)}:`);
for (const weight of weights) {
  const verdict = weight.overBudget ? 'OVER BUDGET' : 'ok';
  console.log(
    `  ${weight.page.padEnd(28)} ${bytes(weight.gzipBytes).padStart(10)}  ${weight.chunks.length} chunks  ${verdict}`,
  );
}

const firstLoadChunks = [...new Set(weights.flatMap((weight) => weight.chunks))];
const unhinted = firstLoadChunks.filter((src) => !chunkText(src).startsWith(COMPILE_HINT));
console.log(
  `First-load chunks compiled in the background: ${firstLoadChunks.length - unhinted.length} of ${firstLoadChunks.length}`,
);
for (const src of unhinted) console.log(`  ${src} lacks the compile hint`);

const links = flatten(await getMenu());
let pagesOverWeight = 0;
console.log('HTML of each sampled page, raw, and the copies of the menu it carries:');
for (const { page, html } of pages) {
  const budget = HTML_BUDGET_BYTES[page];
  const copies = menuCopies(html, links);
  const once = copies.inHtml === 1 && copies.inFlight.fewest === 1 && copies.inFlight.most === 1;
  const withinBudget = budget === undefined || Buffer.byteLength(html) <= budget;
  if (!once || !withinBudget) pagesOverWeight += 1;
  console.log(
    `  ${page.padEnd(28)} ${bytes(Buffer.byteLength(html)).padStart(10)}${budget ? ` (budget ${bytes(budget)})` : ''}  menu: ${copies.inHtml} in markup, ${copies.inFlight.fewest}-${copies.inFlight.most} in flight data  ${once && withinBudget ? 'ok' : 'OVER'}`,
  );
}

const { search } = parseConfig(process.env);
const signatures = [
  ...LIBRARY_SIGNATURES,
  ...(search.kind === 'hosted' && search.insights ? [] : [INSIGHTS_PLUGIN_SIGNATURE]),
  openApiSignature(readFileSync('openapi/openapi.yaml', 'utf8')),
  searchRecordsSignature(JSON.parse(readFileSync(RECORDS_FILE, 'utf8'))),
];
const findings = forbiddenContent(chunks, signatures);
console.log(`Client chunks: ${chunks.length} checked for build-time code and data.`);
for (const finding of findings) {
  console.log(`  ${finding.chunk} ships ${finding.what} (found "${finding.needle}")`);
}

if (
  findings.length > 0 ||
  pagesOverWeight > 0 ||
  unhinted.length > 0 ||
  weights.some((weight) => weight.overBudget)
) {
  console.error(
    'Budget failed: move code to a server component or load it on intent; keep the shell in the layout and the article static.',
  );
  process.exit(1);
}
