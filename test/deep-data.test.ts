/**
 * Deep and cyclic data: no `RangeError` ever escapes
 * `validate` or `applyDefaults`; data nested 100,000 levels under a recursive schema gets the
 * right answer, with the path of the failing value; data that contains itself is a
 * `ValidationError` where the schema walks into the loop, and is fine where it does not.
 *
 * Every test runs in a guarded child process (test/support/guard.ts) whose stack is an ordinary
 * main-thread stack, so a hang or an overflow fails the one test. Data is built inside the tests:
 * the module body also runs in the uvu process.
 */
import * as assert from 'uvu/assert'
import { ValidationError, applyDefaults, newJSONSchema, newSimpleJSONSchema } from '../index.ts'
import { guardedSuite, thrown } from './support/guard.ts'
import { copyJson } from '../core/documents/json.ts'

const DEEP = 100_000
const COMPARE_DEPTH = 10_000
// Deep data takes a second or two per pass; a hang still fails well within the run.
const OPTIONS = { timeoutMs: 30_000 }

/** `leaf` wrapped `depth` times by `wrap`, built bottom-up (no recursion). */
function nest(depth: number, leaf: unknown, wrap: (inner: unknown) => unknown): unknown {
  let value = leaf
  for (let i = 0; i < depth; i++) value = wrap(value)
  return value
}

const underNext = (depth: number, leaf: unknown) => nest(depth, leaf, (x) => ({ next: x }))
const inArrays = (depth: number, leaf: unknown) => nest(depth, leaf, (x) => [x])

/** Calls `fn` from `frames` frames of the caller's own recursion. */
function atDepth<T>(frames: number, fn: () => T): T {
  return frames === 0 ? fn() : atDepth(frames - 1, fn)
}


/**
 * Asserts `error` is a ValidationError with an issue at `instancePath`. Lengths are compared
 * first and only a few paths are quoted on failure: there may be hundreds of thousands of issues
 * whose paths are each up to 200,000 characters, and reading every one would take gigabytes.
 */
function assertIssueAt(error: ValidationError | null, instancePath: string, keyword?: string): void {
  assert.instance(error, ValidationError, 'expected a ValidationError')
  const issues = error!.errors
  const at = issues.filter((i) => i.instancePath.length === instancePath.length && i.instancePath === instancePath)
  if (at.length === 0) {
    const got = issues.slice(0, 5).map((i) => `${i.keyword} at ...${i.instancePath.slice(-40)} (${i.instancePath.length} chars)`)
    assert.unreachable(`no issue at ...${instancePath.slice(-40)} (${instancePath.length} chars) among ${issues.length}; first: ${got.join('; ')}`)
  }
  if (keyword !== undefined) assert.ok(at.some((i) => i.keyword === keyword), `keywords at the path: ${at.map((i) => i.keyword).join(', ')}`)
}

/** Asserts `error` is the data-contains-itself error. */
function assertCyclicData(error: unknown): void {
  assert.instance(error, ValidationError, 'expected a ValidationError')
  const errors = (error as ValidationError).errors
  assert.ok(errors.length > 0)
  assert.ok(
    errors.some((i) => /cycl/i.test(i.message)),
    `an issue saying the data is cyclic: ${errors.map((i) => i.message).join('; ')}`,
  )
}

// ---------------------------------------------------------------------------------------------

const validateDeep = guardedSuite(import.meta.url, 'validate answers for data nested 100,000 levels deep', OPTIONS)

const TREE = { type: 'object', properties: { next: { $ref: '#' }, v: { type: 'number' } } }
const LIST = { type: ['array', 'number'], items: { $ref: '#' } }

validateDeep('valid data nested through properties is valid', () => {
  assert.is(newJSONSchema(TREE).validate(underNext(DEEP, { v: 1 })), null)
})

validateDeep('invalid data nested through properties names the deep value', () => {
  const error = newJSONSchema(TREE).validate(underNext(DEEP, { v: 'x' }))
  assertIssueAt(error, '/next'.repeat(DEEP) + '/v', 'type')
  assert.match(String(error), 'must be a number (got "x")')
})

validateDeep('valid data nested through items is valid', () => {
  assert.is(newJSONSchema(LIST).validate(inArrays(DEEP, 1)), null)
})

validateDeep('invalid data nested through items names the deep value', () => {
  const error = newJSONSchema(LIST).validate(inArrays(DEEP, 'x'))
  assertIssueAt(error, '/0'.repeat(DEEP), 'type')
})

validateDeep('a missing required property at the bottom is found', () => {
  const schema = newSimpleJSONSchema({ $defs: { N: { type: 'object', properties: { next: { $ref: '#/$defs/N' } }, required: ['id'] } }, $ref: '#/$defs/N' })
  let data = { id: 0 } as Record<string, unknown>
  for (let i = 0; i < DEEP; i++) data = { id: i, next: data }
  assert.is(schema.validate(data), null)
  let bottom = {} as Record<string, unknown>
  for (let i = 0; i < DEEP; i++) bottom = { id: i, next: bottom }
  assertIssueAt(schema.validate(bottom), '/next'.repeat(DEEP), 'required')
})

// The common "any JSON value" schema: recursion through items and additionalProperties, inside anyOf.
const JSON_VALUE = {
  $defs: { V: { anyOf: [{ type: 'number' }, { type: 'array', items: { $ref: '#/$defs/V' } }, { type: 'object', additionalProperties: { $ref: '#/$defs/V' } }] } },
  $ref: '#/$defs/V',
}
const mixed = (depth: number, leaf: unknown) => {
  let value = leaf
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { k: value }
  return value
}
const mixedPath = (depth: number) => {
  let path = ''
  for (let i = depth - 1; i >= 0; i--) path += i % 2 === 0 ? '/0' : '/k'
  return path
}

validateDeep('valid data nested through an anyOf of items and additionalProperties is valid', () => {
  assert.is(newJSONSchema(JSON_VALUE).validate(mixed(DEEP, 1)), null)
})

validateDeep('invalid data nested through an anyOf of items and additionalProperties names the deep value', () => {
  const error = newJSONSchema(JSON_VALUE).validate(mixed(DEEP, 'x'))
  assertIssueAt(error, mixedPath(DEEP))
  // Every arm of every level fails; the error must still be something a caller can print.
  assert.match(String(error), 'ValidationError')
})

validateDeep('a schema that does not descend accepts deep data at once', () => {
  assert.is(newJSONSchema({ type: 'object' }).validate(underNext(DEEP, {})), null)
  assert.is(newJSONSchema(true).validate(inArrays(DEEP, 1)), null)
})

validateDeep.run()

// ---------------------------------------------------------------------------------------------

const defaultsDeep = guardedSuite(import.meta.url, 'applyDefaults fills defaults at any depth', OPTIONS)

defaultsDeep('fills a default at each of 100,000 levels nested through properties', () => {
  const schema = newJSONSchema({ type: 'object', properties: { next: { $ref: '#' }, v: { default: 7 } } })
  const input = underNext(DEEP, {})
  let node = applyDefaults(input, schema) as Record<string, unknown>
  for (let level = 0; level <= DEEP; level++) {
    assert.ok(node.v === 7, `level ${level} has v = ${String(node.v)}`)
    if (level < DEEP) node = node.next as Record<string, unknown>
  }
  assert.is(node.next, undefined)
  // The input is untouched at the bottom too.
  let original = input as Record<string, unknown>
  for (let level = 0; level < DEEP; level++) original = original.next as Record<string, unknown>
  assert.equal(original, {})
})

defaultsDeep('fills a default at each level of data nested 100,000 levels through items', () => {
  const schema = newJSONSchema({ type: 'object', properties: { children: { type: 'array', items: { $ref: '#' } }, v: { default: 7 } } })
  const levels = DEEP / 2 // an object and an array per level
  const input = nest(levels, {}, (x) => ({ children: [x] }))
  let node = applyDefaults(input, schema) as { v?: unknown; children?: unknown[] }
  for (let level = 0; level <= levels; level++) {
    assert.ok(node.v === 7, `level ${level} has v = ${String(node.v)}`)
    if (level < levels) node = node.children![0] as typeof node
  }
})

defaultsDeep('copies 100,000-deep data under a schema that does not descend', () => {
  const input = inArrays(DEEP, { leaf: true })
  let copy = applyDefaults(input, newJSONSchema({ type: 'array' })) as unknown
  let original = input
  for (let level = 0; level < DEEP; level++) {
    assert.ok(Array.isArray(copy) && copy !== original, `level ${level} is a fresh array`)
    copy = (copy as unknown[])[0]
    original = (original as unknown[])[0]
  }
  assert.equal(copy, { leaf: true })
  assert.ok(copy !== original)
})

defaultsDeep('inserts a default value nested 10,000 levels deep', () => {
  const deepDefault = inArrays(COMPARE_DEPTH, 1)
  const result = applyDefaults({}, newJSONSchema({ properties: { a: { default: deepDefault } } })) as { a: unknown }
  let copy = result.a
  let depth = 0
  while (Array.isArray(copy)) (copy = copy[0]), depth++
  assert.is(depth, COMPARE_DEPTH)
  assert.ok(result.a !== deepDefault)
})

defaultsDeep.run()

// ---------------------------------------------------------------------------------------------

const cyclicData = guardedSuite(import.meta.url, 'data that contains itself', { timeoutMs: 10_000 })

const NODE = { $defs: { N: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/N' } } } } }, $ref: '#/$defs/N' }
const SELF = { type: 'object', properties: { self: { $ref: '#' } } }

function loopThroughChildren() {
  const a: { name: string; children: unknown[] } = { name: 'a', children: [] }
  a.children.push(a)
  return a
}
function loopThroughSelf() {
  const a: Record<string, unknown> = { name: 'a' }
  a.self = a
  return a
}

cyclicData('a.children = [a] is a ValidationError where the schema walks into children', () => {
  assertCyclicData(newJSONSchema(NODE).validate(loopThroughChildren()))
})

cyclicData('a.self = a is a ValidationError where the schema walks into self', () => {
  assertCyclicData(newJSONSchema(SELF).validate(loopThroughSelf()))
})

cyclicData('a two-object loop is a ValidationError', () => {
  const a: Record<string, unknown> = {}
  const b: Record<string, unknown> = { self: a }
  a.self = b
  assertCyclicData(newJSONSchema(SELF).validate(a))
})

cyclicData('a loop that starts 1,000 levels down is a ValidationError', () => {
  const top: Record<string, unknown> = {}
  let node = top
  let middle = top
  for (let i = 0; i < 1000; i++) {
    const next: Record<string, unknown> = {}
    node.self = next
    node = next
    if (i === 500) middle = next
  }
  node.self = middle
  assertCyclicData(newJSONSchema(SELF).validate(top))
})

cyclicData('a loop through an array under additionalProperties is a ValidationError', () => {
  const a: Record<string, unknown> = {}
  a.list = [1, { back: a }]
  const schema = newJSONSchema({ $defs: { V: { type: ['object', 'array', 'number'], additionalProperties: { $ref: '#/$defs/V' }, items: { $ref: '#/$defs/V' } } }, $ref: '#/$defs/V' })
  assertCyclicData(schema.validate(a))
})

cyclicData('is valid where the schema does not walk into the loop', () => {
  assert.is(newJSONSchema({ type: 'object' }).validate(loopThroughChildren()), null)
  assert.is(newJSONSchema({ type: 'object' }).validate(loopThroughSelf()), null)
  assert.is(newJSONSchema({}).validate(loopThroughSelf()), null)
  assert.is(newJSONSchema({ properties: { name: { type: 'string' } }, required: ['self'] }).validate(loopThroughSelf()), null)
})

cyclicData('the same object at two places is not a loop', () => {
  const shared = { children: [] }
  assert.is(newJSONSchema(NODE).validate({ children: [shared, shared, { children: [shared] }] }), null)
  let dag: Record<string, unknown> = {}
  for (let i = 0; i < 10; i++) dag = { self: dag, other: dag }
  assert.is(newJSONSchema({ type: 'object', properties: { self: { $ref: '#' } }, additionalProperties: { $ref: '#' } }).validate(dag), null)
})

cyclicData('uniqueItems, enum and const on data that contains itself give a ValidationError, not a throw', () => {
  const a = loopThroughSelf()
  const b = loopThroughSelf()
  const results = [
    newJSONSchema({ uniqueItems: true }).validate([a, b]),
    newJSONSchema({ enum: [{ name: 'a' }, [1]] }).validate(a),
    newJSONSchema({ const: { name: 'a', self: {} } }).validate(a),
  ]
  for (const result of results) assert.instance(result, ValidationError)
})

cyclicData('applyDefaults throws a ValidationError for a.children = [a] under a schema that walks into children', () => {
  const schema = newJSONSchema({ $defs: { N: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/N' } }, v: { default: 1 } } } }, $ref: '#/$defs/N' })
  assertCyclicData(thrown(() => applyDefaults(loopThroughChildren(), schema)))
})

cyclicData('applyDefaults throws a ValidationError for a.self = a under a schema that walks into self', () => {
  assertCyclicData(thrown(() => applyDefaults(loopThroughSelf(), newJSONSchema(SELF))))
})

cyclicData('applyDefaults throws a ValidationError for loops longer than the depth it defers slots at', () => {
  // A deferred slot is walked from a fresh stack: the loop check must still see the path above it.
  for (const length of [3, 300, 1000]) {
    const first: unknown[] = []
    let last = first
    for (let i = 1; i < length; i++) last.push((last = []))
    last.push(first)
    const error = thrown(() => applyDefaults(first, newJSONSchema({ items: { $ref: '#' } })))
    assertCyclicData(error)
    assert.is((error as ValidationError).errors[0]!.instancePath, '/0'.repeat(length), `where the loop closes (${length} arrays)`)
  }
})

/** `value` as lines `path=json` and `path->earlier path` (a reference back up the path), in key order. */
function loopShape(value: unknown): string {
  const open = new Map<object, string>()
  const out: string[] = []
  const go = (v: unknown, at: string): void => {
    if (typeof v !== 'object' || v === null) return void out.push(`${at}=${JSON.stringify(v)}`)
    const earlier = open.get(v)
    if (earlier !== undefined) return void out.push(`${at}->${earlier}`)
    open.set(v, at)
    for (const k of Object.keys(v)) go((v as Record<string, unknown>)[k], `${at}/${k}`)
    open.delete(v)
  }
  go(value, '')
  return out.join('\n')
}

cyclicData('copyJson links each loop back where it closes, for loops of any length and start', () => {
  // The copy finds a loop without a lookup per level: it must still close each at its first repeat.
  for (let length = 1; length <= 40; length += 3) {
    for (const start of [0, 1, 9, 30]) {
      for (const detour of [0, 3]) {
        const nodes: Record<string, unknown>[] = []
        for (let i = 0; i < start + length; i++) nodes.push({ side: Array.from({ length: detour }, (_, j) => ({ j, list: [j] })) })
        for (let i = 0; i + 1 < nodes.length; i++) nodes[i]!.next = nodes[i + 1]
        nodes.at(-1)!.next = nodes[start]
        nodes.at(-1)!.more = [nodes[0], { again: nodes[start] }]
        const { copy, cyclic } = copyJson(nodes[0])
        assert.ok(cyclic, `flagged cyclic (length ${length}, start ${start})`)
        assert.is(loopShape(copy), loopShape(nodes[0]), `length ${length}, start ${start}, detour ${detour}`)
        assert.ok(copy !== nodes[0] && (copy as Record<string, unknown>).next !== nodes[1], 'a copy, not the input')
      }
    }
  }
  const shared = { a: [1] }
  const dag = copyJson({ x: shared, y: [shared, { z: shared }] })
  assert.not.ok(dag.cyclic, 'an object at two places is no loop')
  assert.is(loopShape(dag.copy), loopShape({ x: shared, y: [shared, { z: shared }] }))
})

cyclicData('applyDefaults copies data that contains itself where the schema does not walk into the loop', () => {
  const input = loopThroughSelf()
  const result = applyDefaults(input, newJSONSchema({ type: 'object', properties: { name: { type: 'string' }, extra: { default: 1 } } })) as Record<string, unknown>
  assert.ok(result !== input)
  assert.is(result.extra, 1)
  assert.is(result.name, 'a')
  assert.not.ok('extra' in input, 'the input is not mutated')
})

cyclicData.run()

// ---------------------------------------------------------------------------------------------

const comparisons = guardedSuite(import.meta.url, 'uniqueItems, enum and const on 10,000-level data never overflow', OPTIONS)

comparisons('uniqueItems finds two equal deep arrays', () => {
  const error = newJSONSchema({ uniqueItems: true }).validate([inArrays(COMPARE_DEPTH, 1), inArrays(COMPARE_DEPTH, 1)])
  assert.instance(error, ValidationError)
  assert.is(error!.errors[0]!.keyword, 'uniqueItems')
})

comparisons('uniqueItems accepts two deep arrays that differ at the bottom', () => {
  assert.is(newJSONSchema({ uniqueItems: true }).validate([inArrays(COMPARE_DEPTH, 1), inArrays(COMPARE_DEPTH, 2)]), null)
})

comparisons('uniqueItems compares deep objects', () => {
  const schema = newJSONSchema({ uniqueItems: true })
  assert.instance(schema.validate([underNext(COMPARE_DEPTH, 1), underNext(COMPARE_DEPTH, 1)]), ValidationError)
  assert.is(schema.validate([underNext(COMPARE_DEPTH, 1), underNext(COMPARE_DEPTH, 2)]), null)
})

comparisons('enum matches and rejects deep values', () => {
  const schema = newJSONSchema({ enum: [inArrays(COMPARE_DEPTH, 1), underNext(COMPARE_DEPTH, 1)] })
  assert.is(schema.validate(inArrays(COMPARE_DEPTH, 1)), null)
  assert.is(schema.validate(underNext(COMPARE_DEPTH, 1)), null)
  const error = schema.validate(inArrays(COMPARE_DEPTH, 2))
  assert.instance(error, ValidationError)
  assert.is(error!.errors[0]!.keyword, 'enum')
  assert.instance(schema.validate([inArrays(COMPARE_DEPTH, 1)]), ValidationError)
})

comparisons('const matches and rejects deep values', () => {
  const schema = newJSONSchema({ const: underNext(COMPARE_DEPTH, [1]) })
  assert.is(schema.validate(underNext(COMPARE_DEPTH, [1])), null)
  const error = schema.validate(underNext(COMPARE_DEPTH, [2]))
  assert.instance(error, ValidationError)
  assert.is(error!.errors[0]!.keyword, 'const')
  assert.instance(schema.validate([underNext(COMPARE_DEPTH, [1])]), ValidationError)
  assert.instance(schema.validate(underNext(COMPARE_DEPTH + 1, [1])), ValidationError)
})

comparisons('the error of a deep const can be read and printed', () => {
  const error = newJSONSchema({ const: inArrays(COMPARE_DEPTH, 1) }).validate(inArrays(COMPARE_DEPTH, 2))
  assert.instance(error, ValidationError)
  assert.type(error!.message, 'string')
  assert.type(String(error), 'string')
})

comparisons.run()

// ---------------------------------------------------------------------------------------------

const deepCaller = guardedSuite(import.meta.url, 'a caller deep in its own recursion', OPTIONS)

const FRAMES = 5_000

deepCaller('validate from 5,000 frames deep answers for 100,000-level valid data', () => {
  const schema = newJSONSchema(TREE)
  const data = underNext(DEEP, { v: 1 })
  assert.is(
    atDepth(FRAMES, () => schema.validate(data)),
    null,
  )
})

deepCaller('validate from 5,000 frames deep names the deep failing value', () => {
  const schema = newJSONSchema(TREE)
  const data = underNext(DEEP, { v: 'x' })
  assertIssueAt(
    atDepth(FRAMES, () => schema.validate(data)),
    '/next'.repeat(DEEP) + '/v',
    'type',
  )
})

deepCaller('validate from 5,000 frames deep answers for shallow data and cycles', () => {
  assert.is(
    atDepth(FRAMES, () => newJSONSchema(TREE).validate({ next: { v: 1 } })),
    null,
  )
  const error = atDepth(FRAMES, () => newJSONSchema({ anyOf: [{ $ref: '#' }] }).validate(5))
  assert.instance(error, ValidationError)
  assert.is(error!.errors[0]!.keyword, '$ref')
})

deepCaller('applyDefaults from 5,000 frames deep fills 10,000-level data', () => {
  const schema = newJSONSchema({ type: 'object', properties: { next: { $ref: '#' }, v: { default: 7 } } })
  const data = underNext(COMPARE_DEPTH, {})
  let node = atDepth(FRAMES, () => applyDefaults(data, schema)) as Record<string, unknown>
  for (let level = 0; level <= COMPARE_DEPTH; level++) {
    assert.ok(node.v === 7, `level ${level} has v = ${String(node.v)}`)
    if (level < COMPARE_DEPTH) node = node.next as Record<string, unknown>
  }
})

deepCaller('comparisons from 5,000 frames deep do not overflow', () => {
  const error = atDepth(FRAMES, () => newJSONSchema({ uniqueItems: true }).validate([inArrays(COMPARE_DEPTH, 1), inArrays(COMPARE_DEPTH, 1)]))
  assert.instance(error, ValidationError)
})

deepCaller.run()
