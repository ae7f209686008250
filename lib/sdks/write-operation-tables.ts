import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadDocument } from '@/lib/openapi/document';
import { sdkOperationTable } from './operation-table';

/** Where each SDK reads its operation table at run time. */
export const OPERATION_TABLES = [
  'sdks/node/src/operations.json',
  'sdks/python/kestrelpay/operations.json',
  'sdks/php/src/operations.json',
];

/** Writes the document's operation table into each SDK under `root`. */
export function writeOperationTables(root = process.cwd()) {
  const table = `${JSON.stringify(sdkOperationTable(loadDocument()), null, 2)}\n`;
  for (const file of OPERATION_TABLES) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), table);
  }
  return OPERATION_TABLES;
}
