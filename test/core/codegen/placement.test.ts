/**
 * Subschemas placed into their parent's function as one expression (`NodeWriter.expression`): a
 * tree schema's leaves and loop-free objects are no longer calls, nodes reached twice or through
 * recursion still are, and a failure inside placed code is found and explained exactly as when it
 * was a call (the same issues as the interpreter, the same failure record and pointer).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKernel, defineKeyword, js, newJSONSchema } from '../../../index.ts'

type Compiled = ReturnType<typeof newJSONSchema> & {
  generated: { check(x: unknown): boolean; failure(): { pointer: string; step: { keyword?: string } | null; instance: unknown } | null } | null
}

const test = suite('placed subschemas')

/** The module source generated for `schema` (every `new Function` body made while compiling it). */
function moduleSource(schema: unknown): { v: Compiled; source: string } {
  const bodies: string[] = []
  const Original = globalThis.Function
  globalThis.Function = new Proxy(Original, {
    construct(target, args: string[]) {
      bodies.push(String(args.at(-1)))
      return Reflect.construct(target, args) as object
    },
  })
  try {
    const v = newJSONSchema(schema, { codegenThreshold: 0 }) as Compiled
    assert.ok(v.generated !== null, 'the schema becomes one module')
    return { v, source: bodies.join('\n') }
  } finally {
    globalThis.Function = Original
  }
}

/** The text of `function <name>(x) { ... }` up to the next function of the module. */
function functionText(source: string, name: string): string {
  const start = source.indexOf(`function ${name}(x)`)
  assert.ok(start >= 0, `${name} is in the module`)
  const next = source.indexOf('\nfunction ', start + 1)
  return source.slice(start, next < 0 ? undefined : next)
}

/** Distinct node functions called from `text`. */
const calledNodes = (text: string): Set<string> => new Set([...text.matchAll(/\b(node\d+)\(/g)].map((m) => m[1]!).filter((n) => !text.startsWith(`function ${n}(`)))

const tree = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'string', minLength: 1 },
    count: { type: 'integer', minimum: 0 },
    kind: { enum: ['a', 'b', 'x'] },
    x: { const: 'x' },
    when: { type: 'string', maxLength: 30 },
    ratio: { type: 'number', exclusiveMaximum: 1 },
    flag: { type: 'boolean' },
    owner: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, age: { type: 'integer' }, tags: { type: 'string', pattern: '^t' } },
    },
    note: { type: ['string', 'null'] },
    size: { type: 'string', anyOf: [{ maxLength: 1 }, { type: 'string', minLength: 3 }] },
  },
}

test('a tree schema: the root function calls no leaf or loop-free object, and is the only form of the root', () => {
  const { source } = moduleSource(tree)
  const root = functionText(source, 'node0')
  assert.equal([...calledNodes(root)], [], root)
  // Objects of another prototype take the same code (each value found tested own): no second form.
  assert.not.ok(source.includes('node0$own'), source)
})

test('a failure in placed code is explained as the interpreter explains it, at the same place', () => {
  const { v } = moduleSource(tree)
  const interpreted = newJSONSchema(tree, { codegen: false })
  const cases: [unknown, string, string][] = [
    [{ id: '' }, '/id', 'minLength'],
    [{ id: 3 }, '/id', 'type'],
    [{ id: 'a', count: -1 }, '/count', 'minimum'],
    [{ id: 'a', count: 1.5 }, '/count', 'type'],
    [{ id: 'a', count: Number.NaN }, '/count', ''],
    [{ id: 'a', kind: 'c' }, '/kind', 'enum'],
    [{ id: 'a', x: 'y' }, '/x', 'const'],
    [{ id: 'a', when: 'x'.repeat(31) }, '/when', 'maxLength'],
    [{ id: 'a', ratio: 1 }, '/ratio', 'exclusiveMaximum'],
    [{ id: 'a', flag: 'yes' }, '/flag', 'type'],
    [{ id: 'a', owner: {} }, '/owner', 'required'],
    [{ id: 'a', owner: { name: 1 } }, '/owner/name', 'type'],
    [{ id: 'a', owner: { name: 'n', age: 'old' } }, '/owner/age', 'type'],
    [{ id: 'a', owner: { name: 'n', tags: 'x' } }, '/owner/tags', 'pattern'],
    [{ id: 'a', owner: Object.assign(Object.create(null), { name: 2 }) }, '/owner/name', 'type'],
    [{ id: 'a', note: 1 }, '/note', 'type'],
    [{ id: 'a', size: 'ab' }, '/size', 'anyOf'],
    [{ id: 'a', size: 2 }, '/size', 'type'],
    [{ id: 'a', size: () => 1 }, '/size', ''],
  ]
  for (const [data, pointer, keyword] of cases) {
    const fast = v.generated!
    assert.is(fast.check(data), false, JSON.stringify(data))
    const f = fast.failure()
    assert.ok(f !== null, JSON.stringify(data))
    assert.is(f!.pointer, pointer, JSON.stringify(data))
    // A value JSON cannot hold fails at the node itself (no step).
    assert.is(f!.step === null ? '' : f!.step.keyword, keyword, JSON.stringify(data))
    assert.equal(v.validate(data)?.errors, interpreted.validate(data)?.errors, JSON.stringify(data))
    assert.ok(v.validate(data) !== null)
  }
  for (const data of [{ id: 'a' }, { id: 'a', kind: 'x', x: 'x', owner: { name: 'n', age: 3, tags: 'tt' }, note: null, size: 'abc' }]) {
    assert.is(v.generated!.check(data), true, JSON.stringify(data))
    assert.is(v.validate(data), null)
  }
})

test('a subschema reached twice, or through recursion, stays a function of its own', () => {
  const shared = { definitions: { name: { type: 'string', minLength: 1 } }, type: 'object', properties: { a: { $ref: '#/definitions/name' }, b: { $ref: '#/definitions/name' } } }
  const twice = moduleSource(shared)
  assert.ok(calledNodes(functionText(twice.source, 'node0')).size >= 1, 'the shared definition is called')
  const recursive = { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } } }
  const r = moduleSource(recursive)
  const deep: Record<string, unknown> = { name: 'leaf' }
  let data = deep
  for (let i = 0; i < 2000; i++) data = { name: String(i), children: [data] }
  const interpreted = newJSONSchema(recursive, { codegen: false })
  assert.is(r.v.validate(data), null)
  deep.name = 1
  assert.equal(r.v.validate(data)?.errors, interpreted.validate(data)?.errors)
  assert.ok(r.v.validate(data) !== null)
})

test('placed code on another variable: names and values spelled x, and item values, answer as the interpreter', () => {
  const schema = { type: 'array', prefixItems: [{ const: 'x' }, { type: 'object', properties: { x: { enum: ['x', "'x'", '"x"'] } } }] }
  const v = newJSONSchema(schema, { codegenThreshold: 0 })
  const interpreted = newJSONSchema(schema, { codegen: false })
  for (const data of [['x'], ['y'], ['x', { x: 'x' }], ['x', { x: "'x'" }], ['x', { x: '"x"' }], ['x', { x: 'y' }], ['x', { y: 'x' }], ['x', 1]]) {
    assert.equal(v.validate(data)?.errors, interpreted.validate(data)?.errors, JSON.stringify(data))
  }
  assert.is(v.validate(['x', { x: "'x'" }]), null)
  assert.ok(v.validate(['x', { x: 'y' }]) !== null)
})

test('a function takes placed code up to its budget: a very wide object (2,000 names) still calls its later children', () => {
  const properties: Record<string, unknown> = {}
  for (let i = 0; i < 2000; i++) properties[`p${i}`] = { type: 'string', minLength: 1 }
  const { v, source } = moduleSource({ type: 'object', properties })
  const called = calledNodes(functionText(source, 'node0'))
  assert.ok(called.size > 0 && called.size < 2000, `${called.size} of 2000 children called`)
  const data: Record<string, string> = {}
  for (let i = 0; i < 2000; i++) data[`p${i}`] = 'v'
  assert.is(v.validate(data), null)
  data.p1999 = ''
  assert.equal(v.validate(data)?.errors.map((e) => e.instancePath), ['/p1999'])
})

test('each node is written a bounded number of times: placement is not retried at every level and type', () => {
  // Nodes without a type apply their subschema in every type's branch, and each has a step that
  // needs statements (the key walk of additionalProperties: false), so it cannot be placed.
  let emits = 0
  const counted = defineKeyword<true, true>({
    keyword: 'counted',
    vocabulary: 'example',
    compile: () => true,
    validate: () => true,
    emit: () => (emits++, js`true`),
  })
  const depth = 6
  let schema: Record<string, unknown> = { counted: true, type: 'string' }
  for (let i = 0; i < depth; i++) schema = { counted: true, anyOf: [schema], additionalProperties: false }
  const v = createKernel({ plugins: [counted] }).newJSONSchema(schema, { codegenThreshold: 0 }) as Compiled
  assert.ok(v.generated !== null)
  assert.is(v.validate('s'), null)
  assert.ok(v.validate(1) !== null)
  // Six branches per node, a few writes each (its function, its own-testing form, one look at its
  // steps, one placement): linear in the depth, where retrying would be 6^depth.
  assert.ok(emits <= 40 * (depth + 1), `${emits} emits for ${depth + 1} nodes`)
})

test.run()
