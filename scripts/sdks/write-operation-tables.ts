// Writes the operation table (lib/sdks/operation-table.ts) into each SDK, where it is read at
// run time: the three libraries have a method exactly where the document has an x-sdk-method.
// Run by the SDKs' packing and tests: npm run sdks:tables
import { writeOperationTables } from '@/lib/sdks/write-operation-tables';

console.log(`Operation tables written: ${writeOperationTables().join(', ')}`);
