// Prints one plain closing line, e.g. "jest: 252 passed, 0 failed", after everything Jest
// itself prints (Jest's own summary reporter runs after custom reporters, so the line is
// written when the process exits).
class SummaryReporter {
  onRunComplete(contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + (results.numRuntimeErrorTestSuites || 0);
    const line = `jest: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    process.once('exit', () => process.stderr.write(`${line}\n`));
  }
}
module.exports = SummaryReporter;
