/**
 * Bundles test/browser/consumer.mjs as a user's bundler would for a browser (`esbuild --bundle
 * --platform=browser --minify`, resolving `schemavet` to this package's build through its
 * `exports`), for test/bundle.test.ts (workerd) and test/browser/run.mjs (Chromium).
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The consumer's bundle for `platform` (`browser`, or `node` for an ES module bundle run by Node): its code, sizes (minified, minified and gzipped at level 9), the files
 * it took in (relative to the package root) and esbuild's warnings.
 */
export async function bundleConsumer(platform = 'browser') {
  const result = await build({
    entryPoints: [join(ROOT, 'test/browser/consumer.mjs')],
    absWorkingDir: ROOT,
    bundle: true,
    platform,
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0].text
  const bytes = Buffer.byteLength(code)
  return {
    code,
    bytes,
    gzipped: gzipSync(code, { level: 9 }).length,
    inputs: Object.keys(result.metafile.inputs),
    warnings: result.warnings.map((w) => w.text),
  }
}

/** One line for the test output: `browser bundle of the consumer: 170.5 KB minified, 51.2 KB min+gzip`. */
export function describe(bundle) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`
  return `browser bundle of the consumer (newJSONSchema + applyDefaults + validate, standard formats): ${kb(bundle.bytes)} minified, ${kb(bundle.gzipped)} min+gzip`
}
