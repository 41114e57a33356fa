// The tally the node suites (tests/ops, tests/deploy) keep: a named check passes when it has no problems and fails
// printing each one; finish() prints the totals and exits non-zero when any check failed.
// Uses node's standard library only.

export function checks(suite) {
  const results = { passed: 0, failed: 0 };

  // problems: a string, a list (empty strings and nulls ignored) or nothing. True when the check passed.
  function check(name, problems) {
    const list = [].concat(problems ?? []).filter(Boolean);
    if (list.length === 0) {
      results.passed++;
      return true;
    }
    results.failed++;
    console.log(`FAIL ${name}`);
    for (const p of list) console.log(`     ${p}`);
    return false;
  }

  function finish() {
    console.log(`${suite}: ${results.passed} passed, ${results.failed} failed`);
    process.exit(results.failed === 0 ? 0 : 1);
  }

  return { check, finish };
}
