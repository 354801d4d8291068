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

test('isIntegerMultiple answers as isMultiple for every safe-integer divisor, and is used only where every divisor is one', () => {
  const { isIntegerMultiple, isMultiple } = runtime
  const divisors = [1, 2, 3, 7, 8, 10, 15, 100, 1500, 1024, 2 ** 30, 2 ** 31, 999_999_937, 2 ** 52, Number.MAX_SAFE_INTEGER]
  const numbers = [0, -0, 1, -1, 2, 15, 30, -45, 7.5, 0.1, 1e-7, 1.5e-7, 123.456, 1e6, 1e6 + 1, 2 ** 53, 2 ** 53 + 2, 2 ** 60, -(2 ** 60), 9e15, 1e16, 1e20, 1.5e20, 1.23456789e20, 3e21, 1e22, 4.5e100, 1e300, Number.MAX_VALUE, Number.MIN_VALUE, 0.1 + 0.2]
  for (let i = 1; i < 400; i++) numbers.push(i * 15, i * 1500 + 3, (i * 2 ** 53) / 7, i * 1e17 + 2 ** 54, Math.round((i * 1e21) / 3))
  let compared = 0
  for (const d of divisors) {
    const m = compileModule({ multipleOf: d }).code
    assert.ok(/\bisIntegerMultiple\b/.test(m) && !/\bisMultiple\b/.test(m), `divisor ${d}`)
    const value = { divisor: d, mantissa: 0n, exponent: 0, small: 0, integer: true, dyadic: false, scale: 0, bound: 0 }
    const [c, e] = d.toExponential().split('e') as [string, string]
    const [whole, fraction = ''] = c.split('.') as [string, string?]
    Object.assign(value, { mantissa: BigInt(whole + fraction), exponent: Number(e) - fraction.length, small: Number(BigInt(whole + fraction)), dyadic: Number.isInteger(Math.log2(d)) && Math.log2(d) <= 30 })
    for (const n of numbers) {
      compared++
      assert.is(isIntegerMultiple(value, n), isMultiple(value as never, n), `${n} / ${d}`)
    }
  }
  assert.ok(compared > 30_000)
  // A decimal divisor anywhere in the schema keeps isMultiple for all of them.
  const mixed = compileModule({ properties: { a: { multipleOf: 15 }, b: { multipleOf: 0.5 } } }).code
  assert.ok(/\bisMultiple\b/.test(mixed) && !/\bisIntegerMultiple\b/.test(mixed))
  const example = compileModule(JSON.parse(readFileSync(new URL('../../examples/tool-input.schema.json', import.meta.url), 'utf8'))).code
  assert.ok(/\bisIntegerMultiple\b/.test(example) && !/\bisMultiple\b/.test(example))
})

test.run()
