/**
 * The tiny harness of the `test/no-eval/*.mjs` scripts (run with plain `node
 * --disallow-code-generation-from-strings`, where uvu's CLI cannot run): named checks, the
 * closing `N passed, N failed` line, a non-zero exit on failure, and the check that code
 * generation really is forbidden.
 */
import assert from 'node:assert/strict'

let passed = 0
let failed = 0

/** Runs one named check; a throw is a failure, printed with its stack. */
export function check(name, fn) {
  try {
    fn()
    passed++
  } catch (e) {
    failed++
    console.error(`FAIL ${name}: ${e.stack ?? e}`)
  }
}

/** The first check of every script: the flag is really on. */
export function checkCodeGenerationForbidden() {
  check('code generation is really forbidden here', () => {
    assert.throws(() => new Function('return 1'), EvalError)
  })
}

/** Prints the closing line and sets the exit code. */
export function finish() {
  console.log(`${passed} passed, ${failed} failed`)
  process.exit(failed > 0 ? 1 : 0)
}
