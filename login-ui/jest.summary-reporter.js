// Prints one plain closing line, e.g. "jest: 252 passed, 0 failed", after Jest's own summary.
class SummaryReporter {
  onRunComplete(contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `jest: ${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`;
    process.stdout.write(`${line}\n`);
  }
}
module.exports = SummaryReporter;
