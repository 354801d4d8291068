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

/**
 * The consumers whose bundle sizes test/bundle.test.ts prints and bounds (issue 35): each a file a
 * user could write, importing only what it names from `schemavet`, plus ajv's 2020-12 build with
 * ajv-formats for comparison.
 */
export const SIZE_ENTRIES = {
  'validate only': [
    "import { newJSONSchema } from 'schemavet'",
    "export const ok = (x) => newJSONSchema({ type: 'object', properties: { a: { type: 'integer' } } }).validate(x) === null",
  ],
  '+ applyDefaults': [
    "import { applyDefaults, newJSONSchema } from 'schemavet'",
    "const schema = newJSONSchema({ type: 'object', properties: { a: { type: 'integer', default: 1 } } })",
    'export const ok = (x) => schema.validate(applyDefaults(x, schema)) === null',
  ],
  '+ parseModelOutput': [
    "import { applyDefaults, newJSONSchema, parseModelOutput } from 'schemavet'",
    "const schema = newJSONSchema({ type: 'object', properties: { a: { type: 'integer', default: 1 } } })",
    'export const ok = (x) => schema.validate(applyDefaults(x, schema)) === null',
    'export const parse = (text) => parseModelOutput(text, schema)',
  ],
  'ajv/dist/2020 + ajv-formats': [
    "import Ajv from 'ajv/dist/2020.js'",
    "import addFormats from 'ajv-formats'",
    'const ajv = addFormats(new Ajv())',
    "export const ok = (x) => ajv.validate({ type: 'object', properties: { a: { type: 'integer' } } }, x)",
  ],
}

/**
 * One consumer's browser bundle (`esbuild --bundle --platform=browser --minify --splitting`):
 * every chunk it can load counted, static and dynamic imports alike, each gzipped at level 9.
 */
export async function bundleSize(lines) {
  const result = await build({
    stdin: { contents: lines.join('\n'), resolveDir: ROOT, loader: 'js', sourcefile: 'consumer.mjs' },
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    outdir: join(ROOT, 'size-check'),
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const chunks = result.outputFiles.filter((f) => f.path.endsWith('.js'))
  return {
    code: chunks.map((f) => f.text).join('\n'),
    chunks: chunks.length,
    bytes: chunks.reduce((n, f) => n + f.contents.length, 0),
    gzipped: chunks.reduce((n, f) => n + gzipSync(f.contents, { level: 9 }).length, 0),
    inputs: Object.keys(result.metafile.inputs),
    warnings: result.warnings.map((w) => w.text),
  }
}

/** One line per size: `validate only: 188.9 KB minified, 57.0 KB min+gzip (1 chunk)`. */
export function describeSize(name, size) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`
  return `${name}: ${kb(size.bytes)} minified, ${kb(size.gzipped)} min+gzip (${size.chunks} chunk${size.chunks === 1 ? '' : 's'})`
}

/** One line for the test output: `browser bundle of the consumer: 170.5 KB minified, 51.2 KB min+gzip`. */
export function describe(bundle) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`
  return `browser bundle of the consumer (newJSONSchema + applyDefaults + validate, standard formats): ${kb(bundle.bytes)} minified, ${kb(bundle.gzipped)} min+gzip`
}
