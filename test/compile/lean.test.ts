/**
 * Modules written whole: what they import (named helpers of `schemavet/runtime`, never the
 * interpreter), and the list of names the writers use being the runtime entry's own.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import * as runtime from '../../runtime.ts'
import * as interpreter from '../../runtime/interpreter.ts'
import { RUNTIME_EXPORTS } from '../../compile/runtime-names.ts'
import { compileModule } from '../../compile/index.ts'

const test = suite('compile: modules written whole')
const example = JSON.parse(readFileSync(new URL('../../examples/tool-input.schema.json', import.meta.url), 'utf8')) as unknown

test('the writers name exactly the exports of schemavet/runtime', () => {
  assert.equal(Object.keys(RUNTIME_EXPORTS).sort(), Object.keys(runtime).sort())
  for (const [name, v] of Object.entries(RUNTIME_EXPORTS)) assert.is(v, (runtime as Record<string, unknown>)[name], name)
})

test('the interpreter entry exports the runtime entry too, and the interpreter', () => {
  for (const name of Object.keys(runtime)) assert.ok(name in interpreter, name)
  assert.type(interpreter.moduleRuntime, 'function')
  assert.not.ok('moduleRuntime' in runtime)
})

test('the example module is written whole: named imports from schemavet/runtime, no interpreter', () => {
  const m = compileModule(example)
  assert.ok(m.whole)
  const imports = m.code.split('\n').filter((l) => /^import |require\(/.test(l))
  assert.is(imports.length, 1)
  assert.match(imports[0]!, /^import \{ [\w, ]+ \} from "schemavet\/runtime";$/)
  assert.not.match(m.code, /moduleRuntime|schemavet\/runtime\/interpreter/)
  // The names it imports are the formats and words it uses, not the whole entry.
  for (const name of ['isDateTime', 'isEmail', 'missingText', 'formatError', 'copyJson']) assert.match(imports[0]!, new RegExp(`\\b${name}\\b`))
  for (const name of ['isUri', 'isIpv6', 'patternError', 'constError']) assert.not.match(imports[0]!, new RegExp(`\\b${name}\\b`))
  // CommonJS likewise.
  const cjs = compileModule(example, { format: 'cjs' })
  assert.ok(cjs.whole)
  assert.match(cjs.code, /^const \{ [\w, ]+ \} = require\("schemavet\/runtime"\);$/m)
})

test('shapes the module code does not cover import the interpreter entry', () => {
  const m = compileModule({ anyOf: [{ type: 'string' }, { type: 'number', minimum: 3 }] })
  assert.not.ok(m.whole)
  assert.match(m.code, /from "schemavet\/runtime\/interpreter";/)
  assert.is(compileModule(example, { standalone: true }).whole, false)
})


test('data that contains itself, met by an equality test, is the runtime\'s cyclic issue', async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs')
  const { join } = await import('node:path')
  const { tmpdir } = await import('node:os')
  const { pathToFileURL } = await import('node:url')
  const { newJSONSchema } = await import('../../index.ts')
  const schema = { type: 'array', uniqueItems: true }
  const dir = mkdtempSync(join(tmpdir(), 'schemavet-cyclic-'))
  try {
    const file = join(dir, 'm.mjs')
    writeFileSync(file, compileModule(schema).code.replace('"schemavet/runtime"', JSON.stringify(new URL('../../runtime.ts', import.meta.url).href)))
    const m = (await import(pathToFileURL(file).href)) as { validate(x: unknown): { errors: unknown[] } | null }
    const a: unknown[] = [1]
    a.push(a)
    const b: unknown[] = [1]
    b.push(b)
    const want = newJSONSchema(schema).validate([a, b])?.errors
    assert.equal(want, [{ keyword: 'cyclic', instancePath: '', schemaPath: '#', params: {}, message: 'data contains itself (a cyclic reference), which JSON cannot represent' }])
    assert.equal(m.validate([a, b])?.errors, want)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
