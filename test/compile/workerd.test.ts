/**
 * A compiled module in the Workers runtime (workerd, where `new Function` throws): the example
 * tool-input module bundled with the `schemavet/runtime` it imports (from the build: `npm run
 * build` first), as a Worker's bundler would, and its answers compared with the runtime's.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyDefaults, newJSONSchema } from '../../index.ts'
import { compileModule } from '../../compile/index.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const test = suite('compile: a module in workerd')

const schema = JSON.parse(readFileSync(join(ROOT, 'examples/tool-input.schema.json'), 'utf8')) as unknown
// The example input with its defaults filled in: a valid document.
const valid = applyDefaults(JSON.parse(readFileSync(join(ROOT, 'examples/valid.json'), 'utf8')), newJSONSchema(schema)) as Record<string, unknown>
const values: unknown[] = [valid, { ...valid, title: 'x', durationMinutes: 7 }, { title: 'Sync' }, 'not an object']

test('the bundled module answers as the runtime, with code generation forbidden', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'schemavet-compile-workerd-'))
  try {
    writeFileSync(join(dir, 'tool.js'), compileModule(schema).code)
    writeFileSync(
      join(dir, 'entry.js'),
      `import * as m from './tool.js'
const values = ${JSON.stringify(values)}
export default {
  async test() {
    // Asked in the handler: workerd allows code generation while a Worker's top level runs.
    let codeGeneration = true
    try { new Function('return 1') } catch { codeGeneration = false }
    const out = values.map((v) => ({ isValid: m.isValid(v), errors: m.validate(v)?.errors ?? null, defaults: m.applyDefaults(v), standard: m.standardSchema['~standard'].validate(v) }))
    console.log('RESULTS ' + JSON.stringify({ codeGeneration, out }))
  },
}
`,
    )
    const bundled = await build({
      entryPoints: [join(dir, 'entry.js')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      alias: { 'schemavet/runtime': join(ROOT, 'dist/runtime.js') },
      logLevel: 'silent',
    })
    writeFileSync(join(dir, 'worker.mjs'), bundled.outputFiles[0]!.text)
    writeFileSync(
      join(dir, 'config.capnp'),
      [
        'using Workerd = import "/workerd/workerd.capnp";',
        'const config :Workerd.Config = (services = [ (name = "main", worker = .worker) ]);',
        'const worker :Workerd.Worker = (',
        '  modules = [ (name = "worker", esModule = embed "worker.mjs") ],',
        '  compatibilityDate = "2026-11-01",',
        ');',
        '',
      ].join('\n'),
    )
    const bin = (createRequire(import.meta.url)('workerd') as { default: string }).default
    // The timeout only ends a hung runtime; nothing is measured.
    const run = spawnSync(bin, ['test', join(dir, 'config.capnp')], { cwd: dir, encoding: 'utf8', timeout: 300_000 })
    const output = `${run.stdout}\n${run.stderr}`
    const line = /RESULTS (.*)/.exec(output)
    assert.ok(line !== null, `no results from workerd:\n${output}`)
    const got = JSON.parse(line![1]!) as { codeGeneration: boolean; out: unknown }
    assert.is(got.codeGeneration, false, 'workerd allowed new Function: the eval-free path was not exercised')
    const v = newJSONSchema(schema)
    const expected = values.map((x) => ({ isValid: v.isValid(x), errors: v.validate(x)?.errors ?? null, defaults: applyDefaults(x, v), standard: v['~standard'].validate(x) }))
    assert.equal(got.out, JSON.parse(JSON.stringify(expected)))
    assert.ok((expected[1]!.errors?.length ?? 0) > 0 && expected[0]!.isValid, 'the values are one valid and some invalid')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
