/**
 * The generated tier against the interpreter on every case of the official suite (three drafts):
 * the same answer and the same issues (a failure the generated module finds is explained by
 * evaluating its step again; that must give exactly what the whole interpreted pass gives). Where
 * a compile becomes one generated module, its check must answer on its own, without falling back.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKernel, defineKeyword, joinCode, js, newJSONSchema } from '../../../index.ts'
import type { Code } from '../../../index.ts'
import { DRAFTS, remotes, suiteFiles } from '../../support/suite.ts'

const schemas = remotes()
const test = suite('generated tier = interpreter')
const summary = { groups: 0, modules: 0, cases: 0, invalid: 0 }

type Compiled = ReturnType<typeof newJSONSchema> & { generated: { check(x: unknown): boolean } | null }
const issuesOf = (v: Compiled, data: unknown) =>
  v.validate(data)?.errors.map((i) => `${i.keyword} ${i.instancePath} ${i.schemaPath} ${i.message}`) ?? null

for (const [draft, dialect] of DRAFTS) {
  for (const file of suiteFiles(draft)) {
    for (const group of file.groups) {
      const options = { schemas, formats: file.formats, defaultDialect: dialect }
      let generated: Compiled
      let interpreted: Compiled
      try {
        generated = newJSONSchema(group.schema, { ...options, codegenThreshold: 0 }) as Compiled
        interpreted = newJSONSchema(group.schema, { ...options, codegen: false }) as Compiled
      } catch {
        continue // a schema the suite expects to be refused is covered by suite.test.ts
      }
      summary.groups++
      const fast = generated.generated
      if (fast !== null) summary.modules++
      test(`${draft}/${file.name}: ${group.description}`, () => {
        for (const c of group.tests) {
          summary.cases++
          if (!c.valid) summary.invalid++
          if (fast !== null) {
            let answer: boolean | string
            try {
              answer = fast.check(c.data)
            } catch (e) {
              answer = `threw ${String(e)}`
            }
            assert.is(answer, c.valid, `${c.description}: module answered ${answer}`)
          }
          assert.equal(issuesOf(generated, c.data), issuesOf(interpreted, c.data), c.description)
        }
      })
    }
  }
}

test('own properties only: inherited ones, a polluted Object.prototype, null-prototype objects', () => {
  const v = newJSONSchema({ type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] }, { codegenThreshold: 0 }) as Compiled
  assert.ok(v.generated !== null)
  assert.is(v.validate({ sku: 'a' }), null)
  assert.ok(v.validate(Object.create({ sku: 'a' })) !== null, 'inherited sku is not present')
  const bare = Object.create(null) as Record<string, unknown>
  bare.sku = 'a'
  assert.is(v.validate(bare), null)
  const proto = Object.prototype as Record<string, unknown>
  proto.sku = 'polluted'
  try {
    assert.ok(v.validate({}) !== null, 'a polluted prototype does not supply a required property')
    assert.is(v.validate({ sku: 'a' }), null)
  } finally {
    delete proto.sku
  }
  assert.ok(v.validate({}) !== null)
})

test('own properties: class instances, an own __proto__ key, inherited getters (plain-object form and testing form)', () => {
  const v = newJSONSchema({ type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] }, { codegenThreshold: 0 }) as Compiled
  class Item {
    get sku(): string {
      return 'inherited getter'
    }
  }
  assert.ok(v.validate(new Item()) !== null, 'a getter on the class prototype is not an own property')
  class Own {
    sku = 'own'
  }
  assert.is(v.validate(new Own()), null)
  assert.is(v.validate(JSON.parse('{"__proto__": null, "sku": "a"}')), null, 'an own __proto__ key (JSON) is an ordinary property')
  assert.ok(v.validate(JSON.parse('{"__proto__": {"sku": "a"}}')) !== null, 'an own __proto__ key does not supply sku')
  const nested = newJSONSchema({ type: 'array', items: { type: 'object', required: ['sku'], properties: { sku: { const: 'a' } } } }, { codegenThreshold: 0 })
  const mixed = [{ sku: 'a' }, Object.assign(Object.create(null), { sku: 'a' }), new Own(), { sku: 'a' }]
  assert.equal(nested.validate(mixed)?.errors.map((e) => [e.instancePath, e.keyword]), [['/2/sku', 'const']])
  assert.equal(nested.validate([{ sku: 'a' }, Object.create({ sku: 'a' })])?.errors.map((e) => [e.instancePath, e.keyword]), [['/1', 'required']])
})


test('a property read once for required and properties: required still reported first, failures as the interpreter', () => {
  const schema = {
    type: 'object',
    required: ['a', 'b'],
    properties: { a: { type: 'string' }, b: { type: 'number' }, c: { const: 1 } },
    additionalProperties: false,
  }
  const generated = newJSONSchema(schema, { codegenThreshold: 0 }) as Compiled
  const interpreted = newJSONSchema(schema, { codegen: false })
  const data = [
    { a: 1 }, // a fails its type, but b is missing: required is the first failing step
    { a: 1, b: 2 },
    { a: 'x', b: 'y' },
    { a: 'x', b: 2, c: 2 },
    { a: 'x', b: 2, c: 1, d: 0 },
    { a: 'x', b: undefined },
    Object.assign(Object.create({ b: 2 }), { a: 'x' }),
    Object.assign(Object.create(null), { a: 'x', b: 2 }),
  ]
  const keywords = data.map((d) => generated.validate(d)?.errors.map((e) => `${e.keyword} ${e.instancePath}`) ?? null)
  assert.equal(keywords, [['required '], ['type /a'], ['type /b'], ['const /c'], ['additionalProperties '], ['required '], ['required '], null])
  for (const d of data) assert.equal(generated.validate(d)?.errors, interpreted.validate(d)?.errors)
  // A getter is read once per property: the value required saw is the value checked.
  let reads = 0
  const counted = { get a() { reads++; return 'x' }, b: 2 }
  assert.is(generated.validate(counted), null)
  assert.is(reads, 1)
})
test('instance paths through names holding ~ and / (constant names and runtime keys) match the interpreter', () => {
  const schema = { type: 'object', properties: { 'a/b~c': { type: 'object', additionalProperties: { type: 'integer' } }, '~': { items: { const: 1 } } } }
  const generated = newJSONSchema(schema, { codegenThreshold: 0 }) as Compiled
  const interpreted = newJSONSchema(schema, { codegen: false })
  assert.ok(generated.generated !== null)
  for (const data of [{ 'a/b~c': { 'x~/y': 'no' } }, { '~': [1, 2] }, { 'a/b~c': { ok: 1, '/': 1.5 } }]) {
    const e = generated.validate(data)?.errors
    assert.equal(e, interpreted.validate(data)?.errors)
    assert.ok(e !== undefined && /~[01]/.test(e[0]!.instancePath), e?.[0]?.instancePath)
  }
})

test('literal anchored patterns (prefix and whole-string tests) answer as the regex', () => {
  const strings = ['tool-x', 'tool', 'ab', 'abc', 'xab', 'a-b', 'é😀-z', 'é😀', '', 'TOOL-x']
  for (const pattern of ['^tool-', '^ab$', '^é😀-', '^a-b$', '^a.b', '^\\w', 'ab$']) {
    const generated = newJSONSchema({ pattern }, { codegenThreshold: 0 })
    const re = new RegExp(pattern, 'u')
    for (const s of strings) assert.is(generated.validate(s) === null, re.test(s), `${pattern} on ${JSON.stringify(s)}`)
  }
})

test('oneOf/anyOf branch guards and exclusive branches answer as the interpreter', () => {
  const branch = (name: string, spec: object, extra: object = {}) => ({ type: 'object', required: [name], properties: { [name]: spec }, ...extra })
  const schemas = [
    { oneOf: [branch('t', { const: 'a' }), branch('t', { const: 'b' })] }, // exclusive
    { oneOf: [branch('t', { const: 'a' }), branch('t', { const: 'a' }, { minProperties: 2 })] }, // same value: not exclusive
    { oneOf: [branch('t', { type: 'string', pattern: '^ab' }), branch('t', { type: 'string', pattern: '^a' })] }, // overlapping prefixes
    { oneOf: [branch('t', { type: 'string', pattern: '^tool-' }), branch('t', { const: 'text' }), branch('t', { type: 'string', pattern: '^data-' })] },
    { oneOf: [branch('t', { type: 'string', pattern: '^a?b' }), branch('t', { const: 'b' })] }, // optional first char: no prefix
    { oneOf: [branch('t', { enum: [1, 2] }), branch('t', { enum: [2, 3] })] }, // shared 2
    { $defs: { A: branch('k', { const: 1 }), B: branch('k', { const: 2 }) }, oneOf: [{ $ref: '#/$defs/A' }, { $ref: '#/$defs/B' }] },
    { anyOf: [branch('t', { const: 'a' }), branch('u', { enum: ['x', 'y'] })] },
  ]
  const data = [
    {}, 'a', 1, null, [], { t: 'a' }, { t: 'b' }, { t: 'c' }, { t: 'a', u: 1 }, { t: 'abc' }, { t: 'ab' }, { t: 'b' }, { t: 'tool-x' },
    { t: 'text' }, { t: 'data-x' }, { t: 'toolx' }, { t: 1 }, { t: 2 }, { t: 3 }, { k: 1 }, { k: 2 }, { k: '1' }, { u: 'x' }, { u: 'z' },
    Object.create({ t: 'a' }),
  ]
  for (const schema of schemas) {
    const generated = newJSONSchema(schema, { codegenThreshold: 0 }) as Compiled
    const interpreted = newJSONSchema(schema, { codegen: false }) as Compiled
    assert.ok(generated.generated !== null)
    for (const d of data) assert.equal(issuesOf(generated, d), issuesOf(interpreted, d), `${JSON.stringify(schema)} on ${JSON.stringify(d)}`)
  }
})

test('an open properties with many names (walked by key) answers as the interpreter, first failure in schema order', () => {
  const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']
  const properties = Object.fromEntries(names.map((n, i) => [n, i % 2 === 0 ? { type: 'integer' } : { type: 'string', minLength: 2 }]))
  const schema = { type: 'object', properties }
  const generated = newJSONSchema(schema, { codegenThreshold: 0 }) as Compiled
  const interpreted = newJSONSchema(schema, { codegen: false }) as Compiled
  assert.ok(generated.generated !== null)
  const hidden = { a: 1 }
  Object.defineProperty(hidden, 'b', { value: 7, enumerable: false })
  const data: unknown[] = [
    {}, { a: 1, b: 'xy', z: [] }, { i: 1.5, a: 'no' }, { b: 'x', h: 3, a: 2.5 }, { c: undefined, d: 1 }, Object.create({ a: 'inherited' }),
    hidden, { zz: 1, yy: 2, a: 1, b: 'ok', c: 3, d: 'ok', e: 5, f: 'ok', g: 7, h: 'ok', i: 9 }, 'not an object', [1, 2],
  ]
  for (const d of data) assert.equal(issuesOf(generated, d), issuesOf(interpreted, d), `on ${JSON.stringify(d)}`)
  assert.ok(issuesOf(generated, hidden) !== null, 'a non-enumerable own property is still checked')
  assert.equal(issuesOf(generated, { i: 1.5, a: 'no' })?.[0]?.split(' ')[1], '/a', 'the failure reported is the first in schema order')
})

test('a module with more constants than one call may pass is built; one the engine refuses leaves the closures', () => {
  // `x` must differ from every constant: far more of them than a call takes as arguments.
  const many = defineKeyword<number[], number[]>({
    keyword: 'notAny',
    vocabulary: 'example',
    instanceTypes: ['number'],
    compile: (value) => value as number[],
    validate: (c, x) => !c.includes(x as number),
    emit: (c, g) => js`!${g.constant(new Set(c))}.has(x) && ${c.map((n) => g.constant({ n })).slice(-1)[0]!}.n !== x`,
  })
  const values = Array.from({ length: 150_000 }, (_, i) => i)
  const wide = createKernel({ plugins: [many] }).newJSONSchema({ notAny: values }, { codegenThreshold: 0 }) as Compiled
  assert.ok(wide.generated !== null, 'the module was built')
  assert.is(wide.validate(-1), null)
  assert.ok(wide.validate(149_999), 'the last constant is bound')
  assert.ok(wide.validate(7))

  // An expression nested deeper than the engine parses: tiering up must not throw.
  const deep = defineKeyword<true, true>({
    keyword: 'deepTest',
    vocabulary: 'example',
    instanceTypes: ['number'],
    compile: () => true,
    validate: (_c, x) => (x as number) > 0,
    emit: () => js`${joinCode(Array<Code>(500_000).fill(js`(`), js``)}x > 0${joinCode(Array<Code>(500_000).fill(js`)`), js``)}`,
  })
  const refused = createKernel({ plugins: [deep] }).newJSONSchema({ deepTest: true }, { codegenThreshold: 0 }) as Compiled
  assert.is(refused.generated, null)
  assert.is(refused.validate(1), null)
  assert.ok(refused.validate(-1))
})

test('a failing format is explained without a second check; a keyword whose code does not mirror validate is checked again', () => {
  let calls = 0
  const sku = (s: string) => {
    calls++
    return /^[A-Z]{3}-\d+$/.test(s)
  }
  const schema = { type: 'array', items: { type: 'object', properties: { sku: { type: 'string', format: 'sku' } } } }
  const generated = newJSONSchema(schema, { codegenThreshold: 0, customFormats: { sku } }) as Compiled
  const interpreted = newJSONSchema(schema, { codegen: false, customFormats: { sku } }) as Compiled
  const data = [{ sku: 'ABC-1' }, { sku: 'abc' }]
  assert.equal(issuesOf(generated, data), issuesOf(interpreted, data))
  calls = 0
  assert.equal(issuesOf(generated, data), ['format /1/sku #/items/properties/sku/format must be a string in "sku" format (got "abc")'])
  assert.is(calls, 2, 'one check per string, none again to explain')

  // A keyword with its own code (no mirrorsValidate): the failing step is evaluated again.
  let runs = 0
  const even = defineKeyword<true, true>({
    keyword: 'even',
    vocabulary: 'example',
    instanceTypes: ['number'],
    compile: () => true,
    validate: (_c, x) => (runs++, (x as number) % 2 === 0),
    emit: () => js`x % 2 === 0`,
    error: { message: () => 'must be even' },
  })
  const evens = createKernel({ plugins: [even] }).newJSONSchema({ items: { even: true } }, { codegenThreshold: 0 }) as Compiled
  assert.ok(evens.generated !== null)
  assert.equal(issuesOf(evens, [2, 3]), ['even /1 #/items/even must be even'])
  assert.is(runs, 1, 'validate ran once, to explain')
})

test('a subschema applied per item is written into the loop (items, additionalProperties, patternProperties, contains): answers and issues as the interpreter', () => {
  // The module's source, to see the placement happen (a block rebinding `x` to the item).
  const sources: string[] = []
  const Original = globalThis.Function
  globalThis.Function = new Proxy(Original, {
    construct(target, args: string[]) {
      sources.push(String(args[args.length - 1]))
      return Reflect.construct(target, args) as object
    },
  })
  const record = {
    type: 'object',
    properties: {
      id: { type: 'integer', minimum: 1 },
      sku: { type: 'string', minLength: 1, maxLength: 8 },
      qty: { type: 'integer', minimum: 0 },
      tags: { type: 'array', items: { type: 'object', required: ['k'], properties: { k: { enum: ['a', 'b'] }, n: { type: 'number' } }, additionalProperties: false } },
      at: { type: 'string', format: 'date-time' },
      kind: { enum: ['x', 'y', 'z'] },
    },
    required: ['id', 'sku', 'qty', 'at'],
    additionalProperties: false,
  }
  const schemas = {
    items: { type: 'array', items: record },
    map: { type: 'object', additionalProperties: record },
    patterns: { type: 'object', patternProperties: { '^r': record }, additionalProperties: { type: 'null' } },
    contains: { type: 'array', contains: record, minContains: 2 },
  }
  const compiled = Object.entries(schemas).map(([name, schema]) => {
    sources.length = 0
    const generated = newJSONSchema(schema, { codegenThreshold: 0 }) as Compiled
    assert.ok(generated.generated !== null, `${name}: one module`)
    assert.ok(sources.some((src) => src.includes('{ let x = ')), `${name}: the record's code is in the loop`)
    return [name, generated, newJSONSchema(schema, { codegen: false }) as Compiled] as const
  })
  globalThis.Function = Original

  const good = () => ({ id: 1, sku: 'AB-1', qty: 0, tags: [{ k: 'a', n: 1 }, { k: 'b' }], at: '2026-01-01T10:00:00Z', kind: 'x' })
  class Rec {
    id = 1
    sku = 'AB'
    qty = 1
    at = '2026-01-01T10:00:00Z'
  }
  class Getters {
    get id() {
      return 1
    }
  }
  const changes: ((r: Record<string, unknown>) => unknown)[] = [
    (r) => r,
    (r) => (delete r.sku, r),
    (r) => ((r.id = 0), r),
    (r) => ((r.sku = ''), r),
    (r) => ((r.qty = 1.5), r),
    (r) => ((r.at = '2026-01-01T24:00:00Z'), r),
    (r) => ((r.kind = 'w'), r),
    (r) => ((r.extra = 1), r),
    (r) => ((r.tags = [{ k: 'a' }, { k: 'c' }]), r),
    (r) => ((r.tags = [{ n: 1 }]), r),
    (r) => ((r.tags = [{ k: 'a', z: 1 }]), r),
    (r) => ((r.id = NaN), r),
    () => new Rec(),
    () => Object.assign(new Rec(), { qty: -1 }),
    () => Object.assign(Object.create(null), good()),
    () => Object.assign(Object.create(null), good(), { at: 'no' }),
    () => Object.assign(Object.create({ sku: 'inherited' }), good(), { sku: undefined }),
    () => Object.assign(new Getters(), { sku: 'a', qty: 1, at: '2026-01-01T10:00:00Z' }),
    () => 'not a record',
    () => [good()],
    () => null,
    () => undefined,
  ]
  const records = changes.map((change) => change(good()))
  let compared = 0
  const compare = (name: string, generated: Compiled, interpreted: Compiled, data: unknown, label: string) => {
    const expected = issuesOf(interpreted, data)
    assert.equal(issuesOf(generated, data), expected, `${name} ${label}`)
    assert.is(generated.generated!.check(data), expected === null, `${name} ${label}: module answer`)
    compared++
  }
  for (const [name, generated, interpreted] of compiled) {
    for (let i = 0; i < records.length; i++) {
      // Each changed record alone, after valid ones, and twice (the first failure counts).
      const list = [good(), good(), records[i], good(), records[(i + 1) % records.length]]
      const data = name === 'items' || name === 'contains' ? list : Object.fromEntries(list.map((r, j) => [`r${j}`, r]))
      compare(name, generated, interpreted, data, `change ${i}`)
    }
    const proto = Object.prototype as Record<string, unknown>
    proto.qty = 5
    try {
      const data = name === 'items' || name === 'contains' ? [good(), { id: 1, sku: 'a', at: '2026-01-01T10:00:00Z' }] : { r1: good(), r2: { id: 1, sku: 'a', at: '2026-01-01T10:00:00Z' } }
      compare(name, generated, interpreted, data, 'with a polluted Object.prototype')
    } finally {
      delete proto.qty
    }
  }
  assert.is(compared, 4 * (changes.length + 1))
})

test('a node only delegating through $ref fails values JSON cannot hold as the interpreter does', () => {
  const schema = {
    $defs: {
      part: { oneOf: [{ $ref: '#/$defs/text' }, { $ref: '#/$defs/num' }] },
      text: { type: 'object', properties: { t: { const: 'text' }, v: { type: 'string' } }, required: ['t'] },
      num: { type: 'number' },
      any: {},
    },
    type: 'array',
    items: { $ref: '#/$defs/part' },
    prefixItems: [{ $ref: '#/$defs/any' }],
  }
  const generated = newJSONSchema(schema, { codegenThreshold: 0 }) as Compiled
  const interpreted = newJSONSchema(schema, { codegen: false }) as Compiled
  assert.ok(generated.generated !== null)
  const odd = [NaN, Infinity, -Infinity, undefined, () => 1, Symbol('s'), 10n]
  for (const value of [...odd, 1, { t: 'text', v: 'a' }, { t: 'text', v: 1 }, 'str', null]) {
    for (const data of [[1, value], [value, value], [{ t: 'text' }, { t: 'text', v: value }], value]) {
      const label = typeof value === 'symbol' ? 'a symbol' : typeof value === 'bigint' ? 'a bigint' : String(value)
      assert.equal(issuesOf(generated, data), issuesOf(interpreted, data), label)
    }
  }
  assert.ok(issuesOf(generated, [1, NaN])?.some((i) => i.includes(' /1 ')), 'NaN in an item is reported at the item')
})

test('most compiles of the suite become one generated module', () => {
  console.log(`generated modules: ${summary.modules} of ${summary.groups} compiles, ${summary.cases} cases`)
  assert.ok(summary.modules / summary.groups > 0.8, `${summary.modules} of ${summary.groups}`)
  assert.ok(summary.invalid > 1000)
})

test.run()
