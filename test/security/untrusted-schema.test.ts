/**
 * Untrusted schemas: they reach only what the caller registered, hostile schema objects get a
 * SchemaError (never a crash or a hang), and ordinary schemas lose nothing: the official suite
 * passes in untrusted mode.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SchemaError, UNTRUSTED_LIMITS, createKernel, newJSONSchema } from '../../index.ts'
import { guardedSuite } from '../support/guard.ts'
import { DRAFTS, remotes, suiteFiles } from '../support/suite.ts'

const REMOTE = 'https://example.com/remote.json'

const references = suite('untrusted schemas resolve references only from what the caller registered')

references('the resolveRef hook is not consulted in untrusted mode', () => {
  const kernel = createKernel()
  let calls = 0
  kernel.hooks.resolveRef.tap('fetcher', (uri) => {
    calls++
    return uri === REMOTE ? { type: 'string' } : undefined
  })
  assert.is(kernel.newJSONSchema({ $ref: REMOTE }).validate(1)?.errors[0]?.keyword, 'type', 'trusted: the hook resolves it')
  assert.is(calls, 1)
  assert.throws(() => kernel.newJSONSchema({ $ref: REMOTE }, { untrusted: true }), (e: unknown) => SchemaError.isInstance(e) && /cannot resolve reference/.test(e.message))
  assert.is(calls, 1, 'the hook was not called')
})

references('the schemas option and the built-in meta-schemas still resolve', () => {
  const v = newJSONSchema({ $ref: REMOTE }, { untrusted: true, schemas: { [REMOTE]: { type: 'string' } } })
  assert.is(v.validate('x'), null)
  assert.ok(v.validate(1) !== null)
  const meta = newJSONSchema({ $ref: 'https://json-schema.org/draft/2020-12/schema' }, { untrusted: true })
  assert.is(meta.validate({ type: 'string' }), null)
  assert.ok(meta.validate({ type: 5 }) !== null)
})

references.run()

// In a guarded worker: a hang fails its test (after 60 s) instead of stalling the run.
const hostile = guardedSuite(import.meta.url, 'hostile schema objects get a SchemaError in untrusted mode, reading the schema a bounded number of times')

/**
 * `value` behind Proxies (one per object, so shared objects stay shared) that count every read of
 * the schema: property gets, `in` tests, keys and descriptors (each key listed counts).
 */
function counted<T>(value: T, reads: { n: number }, cache = new WeakMap<object, object>()): T {
  if (typeof value !== 'object' || value === null) return value
  const known = cache.get(value)
  if (known !== undefined) return known as T
  const wrap = (v: unknown) => counted(v, reads, cache)
  const proxy = new Proxy(value, {
    get(t, k, r) {
      reads.n++
      return wrap(Reflect.get(t, k, r))
    },
    has(t, k) {
      reads.n++
      return Reflect.has(t, k)
    },
    ownKeys(t) {
      const keys = Reflect.ownKeys(t)
      reads.n += keys.length + 1
      return keys
    },
    getOwnPropertyDescriptor(t, k) {
      reads.n++
      const d: PropertyDescriptor | undefined = Reflect.getOwnPropertyDescriptor(t as object, k)
      if (d !== undefined && 'value' in d) d.value = wrap(d.value)
      return d
    },
  })
  cache.set(value, proxy)
  return proxy as T
}

/**
 * Expects a SchemaError matching `pattern`. With `maxReads`, the schema is read through counting
 * Proxies and the compile may read it at most that many times before refusing it: the bound on
 * its work, counted rather than timed (a hang is caught by the guard's watchdog).
 */
function rejects(schema: unknown, pattern: RegExp, maxReads?: number): void {
  const reads = { n: 0 }
  try {
    newJSONSchema(maxReads === undefined ? schema : counted(schema, reads), { untrusted: true })
    assert.unreachable('expected a SchemaError')
  } catch (e) {
    assert.ok(SchemaError.isInstance(e), `not a SchemaError: ${String(e)}`)
    assert.match(e.message, pattern)
  }
  if (maxReads !== undefined) assert.ok(reads.n <= maxReads, `read the schema ${reads.n} times (at most ${maxReads})`)
}

const { maxSchemaDepth, maxSchemaBytes } = UNTRUSTED_LIMITS

hostile('a getter that throws', () => {
  rejects({ type: 'object', get properties(): never { throw new Error('boom') } }, /reading the schema threw: Error: boom/)
})

hostile('a revoked Proxy', () => {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  rejects({ properties: { a: proxy } }, /reading the schema threw/)
})

hostile('a schema object that contains itself stops at the depth limit', () => {
  const schema: Record<string, unknown> = { type: 'object' }
  schema.properties = { self: schema }
  rejects(schema, /maxSchemaDepth/, 20 * maxSchemaDepth)
})

hostile('an exponentially shared schema object stops at the size limit without expanding it', () => {
  let schema: unknown = { type: 'string', description: 'x'.repeat(100) }
  for (let i = 0; i < 60; i++) schema = { allOf: [schema, schema] }
  // Reads in proportion to the size limit (each 100-character leaf is read a few times), never 2^60.
  rejects(schema, /maxSchemaDepth|maxSchemaBytes/, maxSchemaBytes / 4)
  let wide: unknown = { description: 'x'.repeat(100) }
  for (let i = 0; i < 30; i++) wide = { anyOf: [wide, wide] }
  rejects(wide, /maxSchemaBytes/, maxSchemaBytes / 4)
})

hostile('nesting 100,000 levels deep is a SchemaError, not a stack overflow', () => {
  let schema: unknown = {}
  for (let i = 0; i < 100_000; i++) schema = { not: schema }
  rejects(schema, /maxSchemaDepth/, 20 * maxSchemaDepth)
})

hostile('a huge array stops at the size limit before its items are read', () => {
  const items = new Array(5_000_000)
  rejects({ enum: items }, /maxSchemaBytes/, 1_000)
})

hostile.run()

const suiteRun = suite('the official suite passes in untrusted mode')

suiteRun('every case of three drafts agrees, save the regex-format cases the linear engine refuses', () => {
  const schemas = remotes()
  // The linear engine refuses lookbehind and backreferences, so the `regex` format does too.
  const refused = new Set(['an ECMA 262 named backreference \\k<name>', 'a variable-width lookbehind (ES2018)'])
  let passed = 0
  const failures: string[] = []
  for (const [draft, dialect] of DRAFTS) {
    for (const file of suiteFiles(draft)) {
      for (const group of file.groups) {
        const v = newJSONSchema(group.schema, { schemas, formats: file.formats, defaultDialect: dialect, untrusted: true })
        for (const c of group.tests) {
          const ok = (v.validate(c.data) === null) === c.valid
          if (ok) passed++
          else if (!(file.name.endsWith('ecmascript-regex.json') && refused.has(c.description))) failures.push(`${draft}/${file.name}: ${group.description}: ${c.description}`)
        }
      }
    }
  }
  assert.equal(failures, [])
  assert.ok(passed > 6000, `only ${passed} cases passed`)
})

suiteRun.run()
