// Builds the search records of every page, section, endpoint and guide, and of every code, event,
// field, parameter and test scenario of the reference, into .search/records.json, read by the
// embedded search service and by `npm run search:upload`.
// Run: node --conditions=react-server --import tsx scripts/build-search-records.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { RECORDS_FILE } from '@/lib/search/records-file';
import { siteRecords } from '@/lib/search/site-records';
import { site } from '@/lib/site';
import { source } from '@/lib/source';

const records = await siteRecords(source, site.url);
const json = JSON.stringify(records);
await mkdir('.search', { recursive: true });
await writeFile(RECORDS_FILE, json);
const kiB = (Buffer.byteLength(json) / 1024).toFixed(0);
console.log(`Search records: ${records.length} (${kiB} KiB) written to ${RECORDS_FILE}`);
