// Reads vitest's JSON report and prints the one plain line CI reads: "N passed, N failed[, N skipped]".
import { readFileSync } from 'node:fs';

const file = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (err) {
  console.log(`vitest wrote no readable JSON report at ${file}: ${err.message}`);
  console.log('0 passed, 1 failed');
  process.exit(0);
}
const passed = report.numPassedTests ?? 0;
// A file that fails to load has no failed test of its own; count it so that it is not hidden
// (a file whose tests failed is already counted through them).
const brokenFiles = (report.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
const failed = (report.numFailedTests ?? 0) + brokenFiles;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
// CI reads the last line, exactly `N passed, N failed`; skipped tests (data absent) are said before it
if (skipped) console.log(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
