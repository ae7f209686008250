// Totals the JSON reports in test-results/ into one line: "N passed, N failed".
import { readdir, readFile } from 'node:fs/promises';

const dir = process.argv[2] ?? 'test-results';
const reports = (await readdir(dir).catch(() => [])).filter((file) => file.endsWith('.json'));
let passed = 0;
let failed = 0;
for (const name of reports) {
  const report = JSON.parse(await readFile(`${dir}/${name}`, 'utf8'));
  passed += report.numPassedTests ?? 0;
  // A runner that crashed before counting any test still counts as one failure.
  failed += report.numFailedTests || (report.success === false ? 1 : 0);
}
console.log(`${passed} passed, ${failed} failed`);
