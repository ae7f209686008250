// Fails when a sampled page's first-load JavaScript is over budget, or when a client chunk ships
// Shiki, the MDX compiler, the OpenAPI document or the search records. Run after a build:
// npm run test:budget (reads NEXT_DIST_DIR, default .next)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RECORDS_FILE } from '@/lib/search/records-file';
import { openApiSignature, searchRecordsSignature } from './bundle-budget/data-signatures';
import { FIRST_LOAD_JS_BUDGET_BYTES, pageWeight, staticFilePath } from './bundle-budget/first-load';
import { forbiddenContent, LIBRARY_SIGNATURES } from './bundle-budget/forbidden';
import { clientChunks, prerenderedHtml } from './bundle-budget/read-build';
import { SAMPLED_PAGES } from './sampled-pages.mjs';

const distDir = process.env.NEXT_DIST_DIR || '.next';
const bytes = (count: number) => `${count.toLocaleString('en-GB')} B`;

const weights = Object.values(SAMPLED_PAGES).map((page) =>
  pageWeight(page, prerenderedHtml(distDir, page), (src) =>
    readFileSync(path.join(distDir, staticFilePath(src))),
  ),
);
console.log(`First-load JavaScript, gzip level 9, budget ${bytes(FIRST_LOAD_JS_BUDGET_BYTES)}:`);
for (const weight of weights) {
  const verdict = weight.overBudget ? 'OVER BUDGET' : 'ok';
  console.log(
    `  ${weight.page.padEnd(28)} ${bytes(weight.gzipBytes).padStart(10)}  ${weight.chunks.length} chunks  ${verdict}`,
  );
}

const signatures = [
  ...LIBRARY_SIGNATURES,
  openApiSignature(readFileSync('openapi/openapi.yaml', 'utf8')),
  searchRecordsSignature(JSON.parse(readFileSync(RECORDS_FILE, 'utf8'))),
];
const chunks = clientChunks(distDir);
const findings = forbiddenContent(chunks, signatures);
console.log(`Client chunks: ${chunks.length} checked for build-time code and data.`);
for (const finding of findings) {
  console.log(`  ${finding.chunk} ships ${finding.what} (found "${finding.needle}")`);
}

if (findings.length > 0 || weights.some((weight) => weight.overBudget)) {
  console.error(
    'Bundle budget failed: move the code behind it to a server component or load it on intent.',
  );
  process.exit(1);
}
