/**
 * The package as a browser or Worker user gets it: the browser bundles of three small consumers
 * (validate only, + applyDefaults, + parseModelOutput) sized, printed beside ajv's, and bounded;
 * then test/browser/consumer.mjs bundled for `--platform=browser` from the build and run in
 * workerd, the Cloudflare Workers runtime, where code generation from strings is off. Needs
 * `npm run build` (npm test builds first). The same bundle runs in headless Chromium with
 * `npm run test:browser`.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
// @ts-expect-error a plain ES module of the tests, without types
import { ROOT, SIZE_ENTRIES, bundleConsumer, bundleSize, describe, describeSize } from './browser/bundle.mjs'

interface Bundle {
  code: string
  bytes: number
  gzipped: number
  inputs: string[]
  warnings: string[]
}

interface Size {
  code: string
  chunks: number
  bytes: number
  gzipped: number
  inputs: string[]
  warnings: string[]
}

/**
 * The ceiling of the validate-only bundle, min+gzip, every chunk it can load counted: what it
 * measures today (62.2 KB: the compile's cheaper cycle search and `$ref` resolution without a URL
 * parse took about 240 bytes, for about 4% of a cold compile) with a little room, so growth is seen. The aim is ajv's 2020-12 build
 * with ajv-formats (printed beside it); a validator's methods (`output`, `~standard` with its
 * defaults and draft-07 / OpenAPI conversion) and the generated tier hold code that a bundler
 * cannot drop, so that figure is not reached yet.
 */
const VALIDATE_ONLY_LIMIT = 62.5 * 1024
const AJV = 'ajv/dist/2020 + ajv-formats'

const sizes = suite('bundle sizes of three consumers (every chunk loaded counted)')
const measured = new Map<string, Size>()

sizes.before(async () => {
  assert.ok(existsSync(join(ROOT, 'dist/index.js')), 'run npm run build first')
  for (const [name, lines] of Object.entries(SIZE_ENTRIES as Record<string, string[]>)) measured.set(name, (await bundleSize(lines)) as Size)
  const lines = [...measured].map(([name, size]) => describeSize(name, size))
  const ratio = measured.get('validate only')!.gzipped / measured.get(AJV)!.gzipped
  lines.push(`validate only is ${ratio.toFixed(2)}x ${AJV} min+gzip`)
  console.log(`\n${lines.join('\n')}`)
})

sizes('each bundles without a warning, from the build, without the optional parts', () => {
  for (const [name, size] of measured) {
    assert.equal(size.warnings, [], name)
    if (name === AJV) continue
    assert.ok(size.inputs.some((f) => f.startsWith('dist/')), `${name}: ${size.inputs.join(', ')}`)
    assert.equal(size.inputs.filter((f) => /idn-hostname|re2js|typescript|(^|\/)(struct|cli)\//.test(f)), [], name)
  }
})

sizes(`validate only is at most ${VALIDATE_ONLY_LIMIT / 1024} KB min+gzip`, () => {
  const size = measured.get('validate only')!
  assert.ok(size.gzipped <= VALIDATE_ONLY_LIMIT, `${size.gzipped} bytes`)
})

sizes('validate only carries no provider profile (a shared chunk once brought them all in)', () => {
  // The profiles' ids (`openai_202602`...): reached from the sources only through providers/,
  // they rode along in dist/chunks while an unmarked Object.freeze kept their table.
  assert.not.match(measured.get('validate only')!.code, /"(openai|anthropic|gemini|minimal)_\d{6}"/)
  // The pattern is not stale: the build's shared chunks do hold the profiles.
  const chunks = readdirSync(join(ROOT, 'dist/chunks')).map((f) => readFileSync(join(ROOT, 'dist/chunks', f), 'utf8'))
  assert.ok(chunks.some((text) => /"openai_\d{6}"/.test(text)), 'no provider profile id in dist/chunks')
})

sizes.run()

const LIMIT = 63.5 * 1024

const bundle = suite('the browser bundle of a small consumer')
let built: Bundle

bundle.before(async () => {
  assert.ok(existsSync(join(ROOT, 'dist/index.js')), 'run npm run build first')
  built = (await bundleConsumer()) as Bundle
  console.log(`\n${describe(built)}`)
})

bundle('bundles without a warning (no node: module, no side-effect import dropped)', () => {
  assert.equal(built.warnings, [])
  // Static or dynamic imports only: the struct fallback names node:module in a runtime call.
  assert.not.match(built.code, /(\bfrom|\bimport)\s*\(?\s*["']node:/)
})

bundle(`is at most ${LIMIT / 1024} KB minified and gzipped, all it loads`, () => {
  assert.ok(built.gzipped <= LIMIT, `${built.gzipped} bytes`)
})

bundle('carries no IDN tables, linear regex engine, struct derivation or CLI it does not use', () => {
  const unused = built.inputs.filter((f) => /idn-hostname|re2js|typescript|(^|\/)(struct|cli)\//.test(f))
  assert.equal(unused, [])
  // The bundle comes from the build, not the sources.
  assert.ok(built.inputs.some((f) => f.startsWith('dist/')), built.inputs.join(', '))
})

bundle.run()

const entries = suite('the browser-safe entries')

for (const entry of ['schemavet', 'schemavet/integrations', 'schemavet/plugins', 'schemavet/providers', 'schemavet/runtime']) {
  entries(`${entry} bundles for the browser with no node: module and none of the optional parts`, async () => {
    const result = await build({
      stdin: { contents: `export * from '${entry}'`, resolveDir: ROOT, loader: 'js' },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    assert.equal(result.warnings.map((w) => w.text), [])
    const inputs = Object.keys(result.metafile.inputs)
    assert.equal(inputs.filter((f) => /idn-hostname|re2js|typescript|(^|\/)(struct|cli)\//.test(f)), [])
    assert.not.match(result.outputFiles[0]!.text, /(\bfrom|\bimport)\s*\(?\s*["']node:/)
  })
}

entries.run()

const workerd = suite('the bundle in workerd (no code generation)')

workerd('validates, applies defaults and names missing entries in the Workers runtime', async () => {
  built ??= (await bundleConsumer()) as Bundle
  const dir = mkdtempSync(join(tmpdir(), 'schemavet-workerd-'))
  try {
    writeFileSync(join(dir, 'consumer.js'), built.code)
    copyFileSync(join(ROOT, 'test/browser/worker.mjs'), join(dir, 'worker.mjs'))
    writeFileSync(
      join(dir, 'config.capnp'),
      [
        'using Workerd = import "/workerd/workerd.capnp";',
        'const config :Workerd.Config = (services = [ (name = "main", worker = .worker) ]);',
        'const worker :Workerd.Worker = (',
        '  modules = [ (name = "worker", esModule = embed "worker.mjs"), (name = "consumer.js", esModule = embed "consumer.js") ],',
        '  compatibilityDate = "2026-11-01",',
        ');',
        '',
      ].join('\n'),
    )
    // The workerd package's main export is the path of the binary its platform package installed.
    const bin = (createRequire(import.meta.url)('workerd') as { default: string }).default
    // The timeout only ends a hung runtime; nothing is measured.
    const run = spawnSync(bin, ['test', join(dir, 'config.capnp')], { cwd: dir, encoding: 'utf8', timeout: 300_000 })
    const output = `${run.stdout}\n${run.stderr}`
    const line = /RESULTS (.*)/.exec(output)
    assert.ok(line !== null, `no results from workerd:\n${output}`)
    const { codeGeneration, results } = JSON.parse(line![1]!) as { codeGeneration: boolean; results: { name: string; ok: boolean; detail?: string }[] }
    assert.is(codeGeneration, false, 'workerd allowed new Function: the no-eval path was not exercised')
    assert.ok(results.length >= 8, `${results.length} checks`)
    assert.equal(results.filter((r) => !r.ok), [])
    assert.is(run.status, 0, output)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

workerd.run()

const node = suite('an ES module bundle for Node')

node('loads and runs in Node (tapable is inlined, so no require of util at load)', async () => {
  const forNode = (await bundleConsumer('node')) as Bundle
  assert.equal(forNode.warnings, [])
  const dir = mkdtempSync(join(tmpdir(), 'schemavet-node-bundle-'))
  try {
    writeFileSync(join(dir, 'consumer.mjs'), forNode.code)
    const code = "import { runChecks } from './consumer.mjs'; console.log(JSON.stringify(runChecks()))"
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: dir, encoding: 'utf8' })
    assert.is(run.status, 0, run.stderr)
    const results = JSON.parse(run.stdout) as { name: string; ok: boolean }[]
    assert.ok(results.length >= 8, `${results.length} checks`)
    assert.equal(results.filter((r) => !r.ok), [])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

node.run()
