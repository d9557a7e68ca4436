// A reporter for Node's test runner (`node --test --test-reporter=<this>`) that writes the counts in the shape of
// a Vitest JSON report, so scripts/test.mjs adds the Node-run suites (scripts/__tests__, the scale test) to its
// `N passed, N failed` line. Only tests are counted, not the suites (describe blocks) around them.
export default async function* nodeTestReport(source) {
  const counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, failures: [] };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') continue;
    if (event.data.skip || event.data.todo) counts.numPendingTests += 1;
    else if (event.type === 'test:pass') counts.numPassedTests += 1;
    else {
      counts.numFailedTests += 1;
      counts.failures.push({ name: event.data.name, file: event.data.file, error: String(event.data.details?.error?.message ?? '') });
    }
  }
  yield `${JSON.stringify(counts, null, 2)}\n`;
}
