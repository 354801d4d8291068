/**
 * The Workers-runtime wrapper of the consumer bundle (test/bundle.test.ts runs it with
 * `workerd test`, the bundle beside it as the module `consumer.js`): prints the results on one
 * line and fails the test handler when a check fails.
 */
import { codeGenerationAllowed, runChecks } from './consumer.js'

export default {
  async test() {
    const results = runChecks()
    console.log(`RESULTS ${JSON.stringify({ codeGeneration: codeGenerationAllowed(), results })}`)
    const failed = results.filter((r) => !r.ok)
    if (failed.length > 0) throw new Error(`${failed.length} check(s) failed: ${failed.map((r) => r.name).join('; ')}`)
  },
}
