// Builds the search records of every page, section, endpoint and guide into .search/records.json,
// read by the embedded search service and by `npm run search:upload`.
// Run: node --conditions=react-server --import tsx scripts/build-search-records.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { recordsOf } from '@/lib/search/records';
import { RECORDS_FILE } from '@/lib/search/records-file';
import { site } from '@/lib/site';
import { source } from '@/lib/source';

const records = [];
for (const page of await source.pages()) {
  const content = await source.content(page.route);
  if (content) records.push(...recordsOf(page, content, site.url));
}
await mkdir('.search', { recursive: true });
await writeFile(RECORDS_FILE, JSON.stringify(records));
console.log(`Search records: ${records.length} written to ${RECORDS_FILE}`);
