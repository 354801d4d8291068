/** The kernel: custom keywords, freezing, the default kernel, hooks, options. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SchemaError, ValidationError, applyDefaults, createKernel, defineKeyword, newJSONSchema, newSimpleJSONSchema } from '../../index.ts'

const even = defineKeyword<boolean, true>({
  keyword: 'even',
  vocabulary: 'example',
  instanceTypes: ['number'],
  compile: (value, ctx) => {
    if (typeof value !== 'boolean') ctx.fail('even must be a boolean')
    return value ? true : undefined
  },
  validate: (_c, x) => (x as number) % 2 === 0,
  error: { params: (_c, x) => ({ value: x }), message: (p) => `must be even (got ${p.value})` },
})

const custom = suite('custom keywords')

custom('a keyword registered through createKernel validates', () => {
  const kernel = createKernel({ plugins: [even] })
  const schema = kernel.newJSONSchema({ type: 'object', properties: { n: { even: true } } })
  assert.is(schema.validate({ n: 4 }), null)
  const error = schema.validate({ n: 3 })
  assert.ok(error instanceof ValidationError)
  assert.equal(error.errors, [
    { keyword: 'even', instancePath: '/n', schemaPath: '#/properties/n/even', params: { value: 3 }, message: 'must be even (got 3)' },
  ])
})

custom('a keyword registered with use() before the first compile works', () => {
  const kernel = createKernel().use(even)
  assert.is(kernel.newJSONSchema({ even: true }).validate(2), null)
  assert.ok(kernel.newJSONSchema({ even: true }).validate(1))
})

custom('a keyword calling back into the validator it belongs to (in both tiers, on both passes) gets its own pass', () => {
  for (const options of [{ codegen: false }, { codegenThreshold: 0 }]) {
    const holder: { v?: { validate(d: unknown): ValidationError | null } } = {}
    const inner = defineKeyword<boolean, true>({
      keyword: 'innerValid',
      vocabulary: 'example',
      instanceTypes: ['object'],
      compile: () => true,
      validate: (_c, x) => {
        const nested = (x as { inner?: unknown }).inner
        return nested === undefined || holder.v!.validate(nested) === null
      },
      error: { message: () => 'inner value must be valid' },
    })
    const kernel = createKernel({ plugins: [inner, even], ...options })
    const v = kernel.newJSONSchema({ type: 'object', innerValid: true, properties: { n: { even: true }, list: { items: { even: true } } } })
    holder.v = v
    assert.is(v.validate({ n: 2, inner: { n: 4, inner: { n: 6 } } }), null)
    for (let i = 0; i < 3; i++) {
      const error = v.validate({ n: 2, list: [2, 4], inner: { n: 3 } })
      assert.equal(error?.errors.map((e) => [e.instancePath, e.keyword]), [['', 'innerValid']], JSON.stringify(options))
      const deep = v.validate({ n: 2, inner: { n: 2, list: [1] } })
      assert.equal(deep?.errors.map((e) => [e.instancePath, e.keyword]), [['', 'innerValid']])
      assert.equal(v.validate({ n: 1, inner: { n: 2 } })?.errors.map((e) => [e.instancePath, e.keyword]), [['/n', 'even']])
      assert.equal(v.validate({ list: [0, 7] })?.errors.map((e) => [e.instancePath, e.keyword]), [['/list/1', 'even']])
    }
  }
})

custom('a keyword that skips other types leaves them valid', () => {
  const kernel = createKernel({ plugins: [even] })
  assert.is(kernel.newJSONSchema({ even: true }).validate('three'), null)
})

custom('a malformed keyword value is a SchemaError naming its path', () => {
  const kernel = createKernel({ plugins: [even] })
  const e = (() => {
    try {
      kernel.newJSONSchema({ properties: { n: { even: 'yes' } } })
    } catch (e) {
      return e
    }
  })()
  assert.ok(e instanceof SchemaError)
  assert.equal((e as SchemaError).errors, [{ schemaPath: '#/properties/n/even', message: 'even must be a boolean' }])
})

custom('a plugin overrides a standard keyword with an earlier stage', () => {
  const lenient = defineKeyword({ keyword: 'minLength', vocabulary: 'validation', stage: -10, compile: () => undefined })
  const kernel = createKernel({ plugins: [lenient] })
  assert.is(kernel.newJSONSchema({ minLength: 5 }).validate('ab'), null)
  assert.ok(createKernel().newJSONSchema({ minLength: 5 }).validate('ab'))
})

custom('a class plugin taps hooks in apply()', () => {
  const seen: unknown[] = []
  class Recorder {
    apply(kernel: ReturnType<typeof createKernel>) {
      kernel.hooks.compiled.tap('Recorder', (schema) => void seen.push(schema))
    }
  }
  const kernel = createKernel({ plugins: [new Recorder()] })
  const schema = { type: 'string' }
  kernel.newJSONSchema(schema)
  assert.equal(seen, [schema])
})

const freeze = suite('freezing')

freeze('use() after the first compile throws and says how to fix it', () => {
  const kernel = createKernel()
  kernel.newJSONSchema({ type: 'string' })
  assert.throws(() => kernel.use(even), /after this kernel compiled a schema[\s\S]*createKernel\(\{ plugins/)
})

freeze('the default kernel behind the top-level functions has no plugins and stays frozen', () => {
  const error = newJSONSchema({ even: true }).validate(3)
  assert.is(error, null, 'unknown keywords are annotations on the default kernel')
})

const seed = suite('seed interface')

seed('jsonSchema() returns the very object passed in, for both constructors', () => {
  const schema = { type: 'object', properties: { a: { type: 'string', default: 'x' } } }
  const before = structuredClone(schema)
  for (const make of [newJSONSchema, newSimpleJSONSchema]) {
    const s = make(schema)
    assert.is(s.validator().jsonSchema(), schema)
    assert.is(s.jsonSchema(), schema)
    s.validate({ a: 1 })
  }
  assert.equal(schema, before)
})

seed('validate never throws: undefined, NaN, functions, BigInt and throwing getters get issues', () => {
  const s = newJSONSchema({ type: 'object', properties: { a: { type: 'number' } } })
  assert.match(s.validate(undefined)!.message, /value is required/)
  assert.is(s.validate({ a: NaN })!.errors[0]!.instancePath, '/a')
  assert.ok(s.validate({ a: () => 1 }))
  assert.ok(s.validate({ a: 10n }))
  assert.is(newJSONSchema({}).validate({ a: NaN }), null)
  const hostile = Object.defineProperty({}, 'a', {
    enumerable: true,
    get() {
      throw new Error('boom')
    },
  })
  assert.match(s.validate(hostile)!.message, /boom/)
})

seed('a malformed schema throws SchemaError: bad regex, unresolvable $ref, wrong keyword value', () => {
  for (const [schema, path] of [
    [{ pattern: '(' }, '#/pattern'],
    [{ $ref: '#/$defs/missing' }, '#/$ref'],
    [{ $ref: '#/constructor' }, '#/$ref'],
    [{ $ref: '#/__proto__' }, '#/$ref'],
    [{ properties: { a: { minLength: -1 } } }, '#/properties/a/minLength'],
    [{ type: 'strin' }, '#/type'],
  ] as const) {
    try {
      newJSONSchema(schema)
      assert.unreachable(`expected SchemaError for ${JSON.stringify(schema)}`)
    } catch (e) {
      assert.ok(SchemaError.isInstance(e), String(e))
      assert.is((e as SchemaError).errors[0]!.schemaPath, path)
    }
  }
})

seed('percent-encoded JSON Pointer fragments resolve', () => {
  const s = newJSONSchema({ $defs: { 'a b': { type: 'integer' }, 'c%d': { type: 'string' } }, properties: { x: { $ref: '#/$defs/a%20b' }, y: { $ref: '#/$defs/c%25d' } } })
  assert.is(s.validate({ x: 1, y: 'ok' }), null)
  assert.ok(s.validate({ x: 'no' }))
})

seed('external $refs resolve only from the schemas option', () => {
  const schemas = { 'https://example.com/point.json': { type: 'object', required: ['x'] } }
  const s = newJSONSchema({ $ref: 'https://example.com/point.json' }, { schemas })
  assert.is(s.validate({ x: 1 }), null)
  assert.ok(s.validate({}))
  assert.throws(() => newJSONSchema({ $ref: 'https://example.com/point.json' }), /register it through the "schemas" option/)
})

seed('allErrors collects every problem, bounded by maxErrors', () => {
  const schema = { type: 'object', required: ['a', 'b', 'c', 'd'] }
  assert.is(newJSONSchema(schema).validate({})!.errors.length, 1)
  assert.is(newJSONSchema(schema, { allErrors: true }).validate({})!.errors.length, 4)
  assert.is(newJSONSchema(schema, { allErrors: true, maxErrors: 2 }).validate({})!.errors.length, 2)
})

seed('formats: assert by default, annotate on request, custom checkers by name', () => {
  assert.ok(newJSONSchema({ format: 'email' }).validate('nope'))
  assert.is(newJSONSchema({ format: 'email' }, { formats: 'annotate' }).validate('nope'), null)
  const s = newJSONSchema({ format: 'ticket' }, { customFormats: { ticket: (v) => /^T-\d+$/.test(v) } })
  assert.is(s.validate('T-12'), null)
  assert.is(s.validate('X')!.errors[0]!.keyword, 'format')
  assert.is(newJSONSchema({ format: 'no-such-format' }).validate('anything'), null)
})

seed('strict mode turns an unknown keyword into a SchemaError', () => {
  assert.is(newJSONSchema({ minlength: 3 }).validate('a'), null)
  assert.throws(() => newJSONSchema({ minlength: 3 }, { strict: true }), /unknown keyword "minlength"/)
})

const hooks = suite('hooks')

hooks('beforeValidate, afterValidate and errorMessage run at the edges of a call', () => {
  const kernel = createKernel()
  kernel.hooks.beforeValidate.tap('trim', (data) => (typeof data === 'string' ? data.trim() : data))
  kernel.hooks.errorMessage.tap('shout', (message) => message.toUpperCase())
  const calls: number[] = []
  kernel.hooks.afterValidate.tap('count', (issues) => {
    calls.push(issues.length)
    return issues
  })
  const s = kernel.newJSONSchema({ type: 'string', maxLength: 2 })
  assert.is(s.validate('  ab  '), null)
  assert.is(s.validate('abc')!.errors[0]!.message, 'MUST BE AT MOST 2 CHARACTERS LONG (GOT "ABC")')
  assert.equal(calls, [0, 1])
})

hooks('resolveRef supplies documents no registry holds', () => {
  const kernel = createKernel()
  kernel.hooks.resolveRef.tap('memory', (uri) => (uri === 'mem://int' ? { type: 'integer' } : undefined))
  assert.ok(kernel.newJSONSchema({ $ref: 'mem://int' }).validate(1.5))
})

hooks('resolveFormat adds a checker by name', () => {
  const kernel = createKernel()
  kernel.hooks.resolveFormat.tap('hex', (name) => (name === 'hex' ? (v: string) => /^[0-9a-f]+$/.test(v) : undefined))
  assert.ok(kernel.newJSONSchema({ format: 'hex' }).validate('xyz'))
})

hooks('a compileKeyword tap or interceptor added after the first compile is honoured by the next', () => {
  const kernel = createKernel()
  // The first compile caches the dialect's keyword table, with the kernel's own taps only.
  assert.is(kernel.newJSONSchema({ maxLength: 2 }).isValid('abc'), false)
  const seen: unknown[] = []
  kernel.hooks.compileKeyword.for('maxLength').intercept({ call: (value) => void seen.push(value) })
  assert.is(kernel.newJSONSchema({ maxLength: 3 }).isValid('abcd'), false)
  assert.equal(seen, [3])
  // A tap at an earlier stage answers first: here it makes maxLength a no-op step.
  kernel.hooks.compileKeyword.for('maxLength').tap({ name: 'lenient', stage: -1 }, () => ({ definition: { keyword: 'maxLength', vocabulary: 'validation', compile: () => true, validate: () => true }, compiled: true }))
  assert.is(kernel.newJSONSchema({ maxLength: 2 }).isValid('abcdef'), true)
  assert.equal(seen, [3, 2])
})

for (const s of [custom, freeze, seed, hooks]) s.run()

const meta = suite('meta-schema validation')

meta('a schema that fails its meta-schema throws SchemaError listing every problem', () => {
  try {
    newJSONSchema({ type: 'object', properties: { a: { minLength: 'three' }, b: { required: 'x' } }, maxItems: -1 })
    assert.unreachable('expected SchemaError')
  } catch (e) {
    assert.ok(SchemaError.isInstance(e))
    const paths = (e as SchemaError).errors.map((p) => p.schemaPath).sort()
    assert.equal(paths, ['#/maxItems', '#/properties/a/minLength', '#/properties/b/required'])
  }
})

meta('validateSchema: false skips the meta-schema check', () => {
  assert.throws(() => newJSONSchema({ contentMediaType: 5 }), /contentMediaType/)
  assert.is(newJSONSchema({ contentMediaType: 5 }, { validateSchema: false }).validate(1), null)
})

meta('each draft is checked against its own meta-schema', () => {
  assert.throws(() => newJSONSchema({ $schema: 'http://json-schema.org/draft-07/schema#', items: [{ type: 1 }] }), (e: unknown) => SchemaError.isInstance(e))
  assert.is(newJSONSchema({ $schema: 'http://json-schema.org/draft-07/schema#', items: [{ type: 'string' }] }).validate(['a']), null)
})

meta.run()

const foreign = suite('applyDefaults with a Schema schemavet did not build')

foreign('a plain Schema object works through its jsonSchema()', () => {
  const raw = { properties: { a: { default: 1 } } }
  const inner = newJSONSchema(raw)
  const mine = { validator: () => ({ validate: (d: unknown) => inner.validate(d), jsonSchema: () => raw }) }
  assert.equal(applyDefaults({}, mine), { a: 1 })
  assert.equal(applyDefaults({ a: 2 }, mine), { a: 2 })
})

foreign.run()

const tiers = suite('the generated tier')

tiers('gives the answers and issues of the interpreter, before and after tier-up', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 2 },
      tags: { type: 'array', items: { enum: ['a', 'b'] }, uniqueItems: true },
      n: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] },
    },
    required: ['name'],
    additionalProperties: false,
  }
  const data = [{ name: 'ok' }, { name: 'x' }, { name: 'ok', tags: ['a', 'a'] }, { name: 'ok', n: -1 }, { name: 'ok', extra: 1 }, 'str', NaN, [], null]
  const interpreted = newJSONSchema(schema, { codegen: false })
  const eager = newJSONSchema(schema, { codegenThreshold: 0 })
  const tiered = newJSONSchema(schema)
  for (let round = 0; round < 3; round++) {
    for (const d of data) {
      const expected = interpreted.validate(d)?.errors ?? null
      assert.equal(eager.validate(d)?.errors ?? null, expected)
      assert.equal(tiered.validate(d)?.errors ?? null, expected)
    }
  }
})

tiers('reports reference cycles exactly as the interpreter does', () => {
  const shapes: [unknown, unknown][] = [
    [{ anyOf: [{ type: 'number' }, { $ref: '#' }] }, 5],
    [{ anyOf: [{ type: 'number' }, { $ref: '#' }] }, 'x'],
    [{ allOf: [{ type: 'string' }, { $ref: '#' }] }, 5],
    [{ not: { $ref: '#' } }, 1],
    [{ if: { type: 'string' }, then: { $ref: '#' } }, 'x'],
    [{ if: { type: 'string' }, then: { $ref: '#' } }, 5],
    [{ $defs: { A: { allOf: [{ $ref: '#/$defs/B' }] }, B: { oneOf: [{ $ref: '#/$defs/A' }] } }, $ref: '#/$defs/A' }, {}],
    [{ properties: { a: { $ref: '#/$defs/L' } }, $defs: { L: { anyOf: [{ $ref: '#/$defs/L' }] } } }, { a: 1 }],
    [{ type: 'object', properties: { next: { $ref: '#' } }, if: false, then: { $ref: '#' } }, { next: { next: {} } }],
  ]
  for (const [schema, data] of shapes) {
    const expected = newJSONSchema(schema, { codegen: false }).validate(data)?.errors ?? null
    assert.equal(newJSONSchema(schema, { codegenThreshold: 0 }).validate(data)?.errors ?? null, expected, JSON.stringify(schema))
  }
})

tiers.run()
