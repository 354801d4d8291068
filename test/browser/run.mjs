#!/usr/bin/env node
/**
 * `npm run test:browser`: the consumer bundle of test/bundle.test.ts loaded in headless Chromium
 * (Debian's `chromium` package, driven by playwright-core, which downloads no browser), checked
 * the same way. Needs `npm run build`. Chromium is found at $CHROMIUM_PATH or on PATH as
 * `chromium` / `chromium-browser`. Prints `N passed, N failed` and exits non-zero on a failure.
 */
import { execFileSync } from 'node:child_process'
import { chromium } from 'playwright-core'
import { bundleConsumer, describe } from './bundle.mjs'

function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim()
    } catch {
      // not this name
    }
  }
  console.error('test:browser: no chromium on PATH (Debian: apt-get install chromium), or set CHROMIUM_PATH')
  process.exit(1)
}

const bundle = await bundleConsumer()
console.log(describe(bundle))
const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] })
let passed = 0
let failed = 0
try {
  const page = await browser.newPage()
  const errors = []
  page.on('pageerror', (e) => errors.push(String(e)))
  await page.goto('about:blank')
  // The bundle is loaded as the module it is, from a blob: URL, as a page would load its script.
  const { results, userAgent } = await page.evaluate(async (code) => {
    const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }))
    const consumer = await import(url)
    return { results: consumer.runChecks(), userAgent: navigator.userAgent }
  }, bundle.code)
  console.log(`in ${userAgent}`)
  for (const r of results) {
    if (r.ok) passed++
    else failed++
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}${r.ok ? '' : `: ${r.detail}`}`)
  }
  if (results.length < 8) {
    failed++
    console.log(`FAIL expected at least 8 checks, got ${results.length}`)
  }
  for (const e of errors) {
    failed++
    console.log(`FAIL page error: ${e}`)
  }
} finally {
  await browser.close()
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
