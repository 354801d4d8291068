#!/usr/bin/env node
/**
 * The `schemavet` binary. Sets the exit code (0 valid, 1 invalid, 2 usage or schema error) and
 * lets the streams flush. With `SCHEMAVET_REPORT_RSS=1` it prints its peak resident set size on
 * stderr at exit (the tests measure memory this way where `/usr/bin/time` is missing).
 */
import { runCli } from './cli.ts'

if (process.env.SCHEMAVET_REPORT_RSS === '1') {
  process.on('exit', () => process.stderr.write(`schemavet: peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB\n`))
}

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (e: unknown) => {
    process.stderr.write(`schemavet: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
    process.exitCode = 2
  },
)
