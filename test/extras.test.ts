/** The example plugins of plugins/extras: discriminator, errorMessage, custom formats. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SchemaError, createKernel, defineKeyword, newJSONSchema } from '../index.ts'
import type { ValidationIssue } from '../index.ts'
import { COVERED_KEYWORDS, DiscriminatorPlugin, ErrorMessagePlugin, FormatsPlugin, interpolate, isE164, isSemver } from '../plugins/extras/index.ts'

function schemaError(f: () => unknown): SchemaError {
  try {
    f()
  } catch (e) {
    if (SchemaError.isInstance(e)) return e
    throw e
  }
  throw new Error('expected a SchemaError')
}

const cat = { type: 'object', properties: { kind: { const: 'cat' }, lives: { type: 'integer', maximum: 9, default: 9 } }, required: ['kind', 'lives'] }
const dog = { type: 'object', properties: { kind: { const: 'dog' }, good: { type: 'boolean' } }, required: ['kind', 'good'] }
const pet = { discriminator: { propertyName: 'kind' }, oneOf: [cat, dog] }

const discriminator = suite('discriminator')
const kernel = () => createKernel({ plugins: [new DiscriminatorPlugin()] })

discriminator('accepts an object that its tag’s branch accepts', () => {
  assert.is(kernel().newJSONSchema(pet).validate({ kind: 'dog', good: true }), null)
})

discriminator('reports only the issues of the branch the tag selects', () => {
  const error = kernel().newJSONSchema(pet).validate({ kind: 'cat', lives: 'x' })
  assert.equal(error?.errors, [{ keyword: 'type', instancePath: '/lives', schemaPath: '#/oneOf/0/properties/lives/type', params: { type: 'integer' }, message: 'must be an integer (got "x")' }])
  // Plain oneOf finds the same tag (every branch requires `kind`, with its own const) and
  // reports the same single issue; for an unknown tag it reports a problem per branch plus its own.
  assert.equal(createKernel().newJSONSchema(pet).validate({ kind: 'cat', lives: 'x' })?.errors, error?.errors)
  assert.is(createKernel().newJSONSchema(pet).validate({ kind: 'bird', lives: 1 })?.errors.length, 3)
})

discriminator('an unknown tag is one issue at the tag', () => {
  const error = kernel().newJSONSchema(pet).validate({ kind: 'bird' })
  assert.equal(error?.errors, [
    { keyword: 'oneOf', instancePath: '/kind', schemaPath: '#/oneOf', params: { discriminator: 'kind', tag: 'bird', allowed: ['cat', 'dog'] }, message: 'must be one of: "cat", "dog" (got "bird")' },
  ])
})

discriminator('a tag nested 100,000 levels deep is quoted as a bounded excerpt', () => {
  let tag: unknown = 'x'
  for (let i = 0; i < 100_000; i++) tag = [tag]
  const issue = kernel().newJSONSchema(pet).validate({ kind: tag })!.errors[0]!
  assert.is(issue.instancePath, '/kind')
  assert.ok(issue.message.startsWith('must be one of: "cat", "dog" (got [[[['), issue.message.slice(0, 80))
  assert.ok(issue.message.length < 120)
})

discriminator('a missing tag and a value that is not an object are one issue each', () => {
  const v = kernel().newJSONSchema(pet)
  assert.equal(v.validate({})?.errors.map((i) => i.message), ['must have property "kind" (one of: "cat", "dog") (got {})'])
  assert.equal(v.validate([1])?.errors.map((i) => i.message), ['must be an object with property "kind" (one of: "cat", "dog") (got [1])'])
})

discriminator('a declared tag must be an own property; a found one is read inherited too', () => {
  const inherited = Object.create({ kind: 'cat' }) as Record<string, unknown>
  inherited.lives = 3
  assert.equal(kernel().newJSONSchema(pet).validate(inherited)?.errors.map((i) => i.message), ['must have property "kind" (one of: "cat", "dog") (got {"lives":3})'])
  // The found discriminator routes to the cat branch, which then fails on required alone.
  assert.equal(createKernel().newJSONSchema(pet).validate(inherited)?.errors.map((i) => i.schemaPath), ['#/oneOf/0/required'])
})

discriminator('evaluates only the selected branch', () => {
  const calls: string[] = []
  const probe = defineKeyword<string, string>({ keyword: 'probe', vocabulary: 'test', compile: (v) => v, validate: (name) => (calls.push(name), true) })
  const k = createKernel({ plugins: [new DiscriminatorPlugin(), probe] })
  const schema = { discriminator: { propertyName: 'kind' }, oneOf: [{ ...cat, probe: 'cat' }, { ...dog, probe: 'dog' }] }
  k.newJSONSchema(schema).validate({ kind: 'dog', good: true })
  assert.equal(calls, ['dog'])
})

discriminator('$ref branches are named by mapping, or by the last segment of the reference', () => {
  const schema = {
    $defs: { Cat: cat, Dog: dog },
    discriminator: { propertyName: 'kind', mapping: { cat: '#/$defs/Cat' } },
    oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }],
    required: ['kind'],
  }
  const v = kernel().newJSONSchema(schema)
  assert.is(v.validate({ kind: 'cat', lives: 1 }), null)
  // Without a mapping, the Dog branch answers to "Dog", and its own const then wants "dog".
  assert.equal(v.validate({ kind: 'dog', good: true })?.errors.map((i) => i.message), ['must be one of: "cat", "Dog" (got "dog")'])
  assert.equal(v.validate({ kind: 'Dog', good: true })?.errors.map((i) => i.schemaPath), ['#/$defs/Dog/properties/kind/const'])
})

discriminator('a malformed discriminator is a SchemaError at the offending place', () => {
  const k = kernel()
  const noTag = schemaError(() => k.newJSONSchema({ discriminator: { propertyName: 'kind' }, oneOf: [cat, { type: 'object', required: ['kind'] }] }))
  assert.equal(noTag.errors, [{ schemaPath: '#/oneOf/1', message: 'a discriminated branch needs properties.kind.const (or a string enum)' }])
  const twice = schemaError(() => k.newJSONSchema({ discriminator: { propertyName: 'kind' }, oneOf: [cat, cat] }))
  assert.match(twice.errors[0]!.message, /"cat" selects two branches/)
  const notRequired = schemaError(() => k.newJSONSchema({ discriminator: { propertyName: 'kind' }, oneOf: [{ properties: { kind: { const: 'a' } } }] }))
  assert.match(notRequired.errors[0]!.message, /must list "kind" in required/)
  const mapping = schemaError(() => k.newJSONSchema({ discriminator: { propertyName: 'kind', mapping: { x: '#/nowhere' } }, oneOf: [cat] }))
  assert.equal(mapping.errors[0]!.schemaPath, '#/discriminator/mapping/x')
  const alone = schemaError(() => k.newJSONSchema({ discriminator: { propertyName: 'kind' } }))
  assert.equal(alone.errors, [{ schemaPath: '#/discriminator', message: 'discriminator needs a "oneOf" beside it' }])
})

discriminator('leaves oneOf without a discriminator exactly as the standard keyword', () => {
  const schema = { oneOf: [{ type: 'integer' }, { minimum: 0 }, { type: 'string' }] }
  for (const data of [1, -1, 'x', 1.5, null]) {
    assert.equal(kernel().newJSONSchema(schema).validate(data), createKernel().newJSONSchema(schema).validate(data))
  }
})

discriminator('fills the defaults of the tagged branch even while the object is incomplete', () => {
  const k = kernel()
  assert.equal(k.applyDefaults({ kind: 'cat' }, k.newJSONSchema(pet)), { kind: 'cat', lives: 9 })
  const plain = createKernel()
  assert.equal(plain.applyDefaults({ kind: 'cat' }, plain.newJSONSchema(pet)), { kind: 'cat' })
})

discriminator('still reports a reference cycle in a branch it did not select', () => {
  const schema = { $defs: { Dog: { $ref: '#' } }, discriminator: { propertyName: 'kind', mapping: { dog: '#/$defs/Dog' } }, oneOf: [cat, { $ref: '#/$defs/Dog' }] }
  const error = kernel().newJSONSchema(schema).validate({ kind: 'cat', lives: 1 })
  assert.match(error!.errors[0]!.message, /^circular reference: /)
})

discriminator('is a known keyword in strict mode', () => {
  assert.is(createKernel({ plugins: [new DiscriminatorPlugin()], strict: true }).newJSONSchema(pet).validate({ kind: 'dog', good: false }), null)
})

discriminator.run()

const messages = suite('errorMessage')
const withMessages = (options?: ConstructorParameters<typeof ErrorMessagePlugin>[0]) => createKernel({ plugins: [new ErrorMessagePlugin(options)] })

messages('a string replaces every issue of its schema with one', () => {
  const v = withMessages().newJSONSchema({ type: 'string', minLength: 3, pattern: '^a', errorMessage: 'a word starting with "a"' }, { allErrors: true })
  const [issue, ...rest] = v.validate('b')!.errors
  assert.is(rest.length, 0)
  assert.equal({ ...issue, params: {} }, { keyword: 'errorMessage', instancePath: '', schemaPath: '#/errorMessage', params: {}, message: 'a word starting with "a"' })
  assert.equal((issue!.params.errors as ValidationIssue[]).map((i) => i.keyword), ['minLength', 'pattern'])
})

messages('messages by keyword replace only those keywords; "_" covers the rest', () => {
  const v = withMessages().newJSONSchema({ type: 'integer', minimum: 1, maximum: 9, errorMessage: { minimum: 'at least {limit}', _: 'a digit' } }, { allErrors: true })
  assert.equal(v.validate(0)?.errors.map((i) => i.message), ['at least 1'])
  assert.equal(v.validate(10)?.errors.map((i) => i.message), ['a digit'])
  assert.equal(withMessages().newJSONSchema({ minimum: 1, errorMessage: { maximum: 'x' } }).validate(0)?.errors.map((i) => i.message), ['must be at least 1 (got 0)'])
})

messages('messages by property cover a missing property and the issues below one', () => {
  const schema = {
    type: 'object',
    properties: { email: { type: 'string' }, age: { type: 'integer', minimum: 18 } },
    required: ['email', 'name'],
    errorMessage: { required: { email: 'we need your email' }, properties: { age: 'you must be an adult' } },
  }
  const error = withMessages().newJSONSchema(schema, { allErrors: true }).validate({ age: 3 })
  assert.equal(
    error?.errors.map((i) => [i.keyword, i.instancePath, i.message]),
    [
      ['errorMessage', '', 'we need your email'],
      ['required', '', 'must have required property "name" (got {"age":3})'],
      ['errorMessage', '/age', 'you must be an adult'],
    ],
  )
})

messages('works without allErrors and through $ref', () => {
  const schema = { $defs: { Id: { type: 'string', pattern: '^[a-z]+$' } }, properties: { id: { $ref: '#/$defs/Id', errorMessage: 'an id is lower-case letters' } } }
  const error = withMessages().newJSONSchema(schema).validate({ id: 'X1' })
  assert.equal(error?.errors.map((i) => [i.instancePath, i.schemaPath, i.message]), [['/id', '#/properties/id/errorMessage', 'an id is lower-case letters']])
})

messages('kernel-wide messages per keyword go through the errorMessage hook', () => {
  const k = withMessages({ messages: { minLength: 'needs {limit}+ characters', required: (i) => `missing ${i.params.missingProperty}` } })
  assert.equal(k.newJSONSchema({ minLength: 2 }).validate('a')?.errors[0]!.message, 'needs 2+ characters')
  assert.equal(k.newJSONSchema({ required: ['x'] }).validate({})?.errors[0]!.message, 'missing x')
})

messages('covers a custom keyword named in the options', () => {
  const even = defineKeyword<boolean, true>({ keyword: 'even', vocabulary: 'test', compile: () => true, validate: (_c, x) => (x as number) % 2 === 0, error: { message: () => 'must be even' } })
  const k = createKernel({ plugins: [even, new ErrorMessagePlugin({ keywords: ['even'] })] })
  assert.equal(k.newJSONSchema({ even: true, errorMessage: { even: 'pairs only' } }).validate(3)?.errors[0]!.message, 'pairs only')
})

messages('schemas without errorMessage validate exactly as before', () => {
  const schema = { properties: { a: { type: 'string', minLength: 2 } }, required: ['a', 'b'] }
  for (const data of [{}, { a: 'x' }, { a: 1, b: 1 }, { a: 'xy', b: 0 }]) {
    assert.equal(withMessages().newJSONSchema(schema).validate(data), newJSONSchema(schema).validate(data))
  }
  assert.ok(COVERED_KEYWORDS.includes('properties'))
})

messages('a malformed errorMessage is a SchemaError, bad options a TypeError', () => {
  assert.equal(schemaError(() => withMessages().newJSONSchema({ errorMessage: { type: 3 } })).errors, [{ schemaPath: '#/errorMessage/type', message: 'errorMessage.type must be a string or an object of strings by property' }])
  assert.throws(() => new ErrorMessagePlugin({ messages: { type: 3 as unknown as string } }), /messages.type must be a string or a function/)
})

messages('custom messages appear in the standard output formats', () => {
  const v = withMessages().newJSONSchema({ properties: { n: { type: 'integer', errorMessage: 'a whole number' } } })
  assert.equal(v.output({ n: 1.5 }, 'basic').errors, [{ valid: false, keywordLocation: '/properties/n/type', instanceLocation: '/n', error: 'a whole number' }])
})

messages('placeholders fill from params and leave unknown names alone', () => {
  assert.is(interpolate('{limit} and {missing} and {list}', { limit: 3, list: [1, 2] }), '3 and {missing} and [1,2]')
})

messages.run()

const formats = suite('custom formats')

formats('the example checkers accept and refuse what they should', () => {
  for (const ok of ['1.2.3', '0.0.0-rc.1+build.5', '10.20.30']) assert.ok(isSemver(ok), ok)
  for (const bad of ['1.2', '01.2.3', '1.2.3-', 'v1.2.3']) assert.not.ok(isSemver(bad), bad)
  for (const ok of ['+4722334455', '+12025550123']) assert.ok(isE164(ok), ok)
  for (const bad of ['4722334455', '+0123', '+1', '+1234567890123456']) assert.not.ok(isE164(bad), bad)
})

formats('a kernel with the plugin asserts its formats', () => {
  const v = createKernel({ plugins: [new FormatsPlugin()] }).newJSONSchema({ properties: { version: { format: 'semver' }, phone: { format: 'phone-e164' } } })
  assert.is(v.validate({ version: '1.0.0', phone: '+4722334455' }), null)
  assert.equal(v.validate({ version: 'one', phone: '+4722334455' })?.errors[0]!.message, 'must be a string in "semver" format (got "one")')
  // The default kernel does not know the name, so it is an annotation there.
  assert.is(newJSONSchema({ format: 'semver' }).validate('one'), null)
})

formats('custom checkers by name; the customFormats option wins over the hook', () => {
  const k = createKernel({ plugins: [new FormatsPlugin({ even: (s) => s.length % 2 === 0 })] })
  assert.ok(k.newJSONSchema({ format: 'even' }).validate('abc'))
  assert.is(k.newJSONSchema({ format: 'even' }, { customFormats: { even: () => true } }).validate('abc'), null)
  assert.is(k.newJSONSchema({ format: 'even' }, { formats: 'annotate' }).validate('abc'), null)
})

formats('the constructor refuses a checker that is not a function', () => {
  assert.throws(() => new FormatsPlugin({ bad: 'yes' as unknown as () => boolean }), /format "bad" needs a non-empty name and a checker function/)
})

formats.run()
