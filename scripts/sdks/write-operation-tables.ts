// Writes the operation table (lib/sdks/operation-table.ts) into each SDK, where it is read at
// run time: the three libraries have a method exactly where the document has an x-sdk-method.
// Run by the SDKs' builds and tests: npm run sdks:tables
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadDocument } from '@/lib/openapi/document';
import { sdkOperationTable } from '@/lib/sdks/operation-table';

/** Where each SDK reads its table. */
export const OPERATION_TABLES = [
  'sdks/node/src/operations.json',
  'sdks/python/kestrelpay/operations.json',
  'sdks/php/src/operations.json',
];

const table = `${JSON.stringify(sdkOperationTable(loadDocument()), null, 2)}\n`;
for (const file of OPERATION_TABLES) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, table);
}
console.log(`Operation tables written: ${OPERATION_TABLES.join(', ')}`);
