// Pushes .search/records.json to the hosted search index, replacing it atomically (the client
// writes a temporary index and moves it over the live one). Run after `npm run build`.
// Needs NEXT_PUBLIC_SEARCH_APP_ID, NEXT_PUBLIC_SEARCH_INDEX and SEARCH_ADMIN_API_KEY (never bundled).
import { readFile } from 'node:fs/promises';
import { algoliasearch } from 'algoliasearch';

const { NEXT_PUBLIC_SEARCH_APP_ID: appId, NEXT_PUBLIC_SEARCH_INDEX: indexName } = process.env;
const adminKey = process.env.SEARCH_ADMIN_API_KEY;
const missing = Object.entries({
  NEXT_PUBLIC_SEARCH_APP_ID: appId,
  NEXT_PUBLIC_SEARCH_INDEX: indexName,
  SEARCH_ADMIN_API_KEY: adminKey,
})
  .filter(([, value]) => !value)
  .map(([name]) => name);
if (missing.length) {
  console.error(`Set ${missing.join(', ')} to upload the search records (see .env.example).`);
  process.exit(1);
}

const records = JSON.parse(
  await readFile('.search/records.json', 'utf8').catch(() => {
    console.error(
      'No .search/records.json: run `npm run search:records` (or `npm run build`) first.',
    );
    process.exit(1);
  }),
);
const client = algoliasearch(appId, adminKey);
await client.replaceAllObjects({ indexName, objects: records, batchSize: 500 });
await client.setSettings({
  indexName,
  indexSettings: {
    // A code, event or field is found first by its own name.
    searchableAttributes: ['name', 'unordered(hierarchy)', 'endpoint', 'unordered(content)'],
    attributesToHighlight: ['title', 'url', 'hierarchy', 'name', 'content'],
    typoTolerance: true,
  },
});
console.log(`Uploaded ${records.length} records to ${indexName}.`);
