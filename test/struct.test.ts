/**
 * Struct schemas: JSON Schemas derived from TypeScript declarations (`newStructSchema`), the
 * `schemavet struct` command, and the program cache. Fixtures are in `test/fixtures/struct/`;
 * what must not type-check (unresolved names, syntax errors) and files a test edits are written
 * to a temporary directory.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as api from '../api.ts'
import { SchemaError, StructValidator, createKernel, newJSONSchema } from '../api.ts'
import type { StructOptions, StructType, Validator } from '../api.ts'
import { structCommand } from '../cli/struct.ts'
import { deriveStruct, deriveStructSchema, structCacheStats } from '../struct/index.ts'
import { loadTypeScript, typeScriptInstall } from '../struct/typescript.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.dirname(here)
/** The fixtures, and how messages show paths: relative to the working directory when inside it. */
const FIXTURES = path.join(root, 'test/fixtures/struct')
const shown = (file: string) => (file.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), file) : file)
const SHOWN = shown(FIXTURES)
const DIALECT = 'https://json-schema.org/draft/2020-12/schema'
/** What a `number` index signature accepts as a key. */
const NUMERIC_KEY = '^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$'

type NewStructSchema = (type: StructType, options?: StructOptions) => Validator & { jsonSchema(): unknown }
/**
 * The top-level `newStructSchema` once `api.ts` exports it; until then the same derivation
 * compiled by the default kernel, so every test below checks the derived schema either way.
 */
const newStructSchema: NewStructSchema =
  ((api as unknown as Record<string, unknown>).newStructSchema as NewStructSchema | undefined) ??
  ((type, options = {}) => newJSONSchema(deriveStructSchema(type, options), options))

const fixture = (file: string, name: string) => `${FIXTURES}/${file}#${name}`
const derive = (file: string, name: string, options: StructOptions = {}) => deriveStructSchema(fixture(file, name), options)

/** The SchemaError `fn` throws (fails the test when it throws something else or nothing). */
function schemaError(fn: () => unknown): SchemaError {
  try {
    fn()
  } catch (e) {
    assert.ok(SchemaError.isInstance(e), `expected a SchemaError, got ${String(e)}`)
    return e as SchemaError
  }
  assert.unreachable('expected a SchemaError')
  throw new Error('unreachable')
}

/** The messages of the SchemaError `fn` throws. */
const messages = (fn: () => unknown) => schemaError(fn).errors.map((e) => e.message)

/** `validate(data)` of `schema`: null when valid, else the issues' instance paths and keywords. */
function problems(schema: Validator, data: unknown): string[] | null {
  const error = schema.validate(data)
  return error === null ? null : error.errors.map((e) => `${e.instancePath || '/'} ${e.keyword}`)
}

/** Asserts that `data` is invalid only at or below `at` (which branches of an `anyOf` are reported is the kernel's business). */
function failsAt(schema: Validator, data: unknown, at: string): void {
  const found = problems(schema, data)
  const inside = (p: string) => p.startsWith(at + ' ') || p.startsWith(at + '/')
  assert.ok(found !== null && found.length > 0 && found.every(inside), `${JSON.stringify(found)} at ${at}`)
}

/** A fresh temporary directory, removed by `done`. */
function tempDir(): { dir: string; write(name: string, text: string): string; done(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'schemavet-struct-'))
  return {
    dir,
    write(name, text) {
      const file = path.join(dir, name)
      writeFileSync(file, text)
      return file
    },
    done: () => rmSync(dir, { recursive: true, force: true }),
  }
}

// ── scalars ─────────────────────────────────────────────────────────────────────────────────

const scalars = suite('scalars, literals and unions')

scalars('maps string, number, boolean, null and unknown, with the doc comment as description', () => {
  assert.equal(derive('scalars.ts', 'Scalars'), {
    $schema: DIALECT,
    description: 'Scalars of every JSON type.',
    type: 'object',
    properties: { text: { type: 'string' }, count: { type: 'number' }, done: { type: 'boolean' }, nothing: { type: 'null' }, anything: {} },
    required: ['text', 'count', 'done', 'nothing', 'anything'],
    additionalProperties: false,
  })
})

scalars('maps literal types to const and unions of literals to enum, in the order written', () => {
  assert.equal(derive('scalars.ts', 'Literals').properties, {
    kind: { type: 'string', const: 'user' },
    version: { type: 'number', const: 2 },
    active: { type: 'boolean', const: true },
    status: { type: 'string', enum: ['active', 'disabled', 'banned'] },
    level: { type: 'number', enum: [3, 1, 2] },
    mixed: { type: ['string', 'number', 'boolean', 'null'], enum: ['auto', 0, false, null] },
  })
})

scalars('maps unions of bare types to a type list and other unions to anyOf', () => {
  assert.equal(derive('scalars.ts', 'Unions').properties, {
    id: { type: ['string', 'number'] },
    maybe: { type: ['string', 'null'] },
    size: { anyOf: [{ type: 'string', const: 'auto' }, { type: 'number' }] },
    toggle: { anyOf: [{ type: 'boolean' }, { type: 'string', const: 'mixed' }] },
    nullable: { type: ['boolean', 'null'] },
  })
})

scalars('derives type aliases of unions and of primitives', () => {
  assert.equal(derive('scalars.ts', 'Status'), {
    $schema: DIALECT,
    description: 'Whether an account can sign in.',
    type: 'string',
    enum: ['active', 'disabled'],
  })
  assert.equal(derive('scalars.ts', 'Name'), { $schema: DIALECT, type: 'string' })
})

scalars('validates literals, enums and unions', () => {
  const literals = newStructSchema(fixture('scalars.ts', 'Literals'))
  const valid = { kind: 'user', version: 2, active: true, status: 'banned', level: 1, mixed: null }
  assert.is(problems(literals, valid), null)
  assert.equal(problems(literals, { ...valid, kind: 'admin' }), ['/kind const'])
  assert.equal(problems(literals, { ...valid, level: 4 }), ['/level enum'])
  assert.equal(problems(literals, { ...valid, mixed: 'off' }), ['/mixed enum'])
  const unions = newStructSchema(fixture('scalars.ts', 'Unions'))
  const ok = { id: 7, maybe: null, size: 'auto', toggle: 'mixed', nullable: false }
  assert.is(problems(unions, ok), null)
  assert.is(problems(unions, { ...ok, id: 'seven', size: 12, toggle: true }), null)
  failsAt(unions, { ...ok, size: 'big' }, '/size')
  assert.equal(problems(unions, { ...ok, id: true }), ['/id type'])
})

// ── objects ─────────────────────────────────────────────────────────────────────────────────

const objects = suite('object types')

const ADDRESS = {
  description: 'A postal address.',
  type: 'object',
  properties: {
    street: { type: 'string' },
    city: { type: 'string' },
    country: { type: 'string', description: 'ISO 3166-1 alpha-2 country code.', pattern: '^[A-Z]{2}$' },
    zip: { type: 'string' },
  },
  required: ['street', 'city', 'country'],
  additionalProperties: false,
}

objects('maps optional, readonly, nested, imported, Date, Record and index signature properties', () => {
  assert.equal(derive('objects.ts', 'Profile'), {
    $schema: DIALECT,
    type: 'object',
    properties: {
      handle: { type: 'string', description: 'Shown to other users.', readOnly: true },
      nickname: { type: 'string' },
      bio: { type: 'string' },
      home: ADDRESS,
      born: { type: 'string', format: 'date-time' },
      settings: { type: 'object', additionalProperties: { type: 'boolean' } },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      byYear: { type: 'object', patternProperties: { [NUMERIC_KEY]: { type: 'number' } }, additionalProperties: false },
      coords: {
        type: 'object',
        properties: { lat: { type: 'number' }, lng: { type: 'number' } },
        required: ['lat', 'lng'],
        additionalProperties: false,
      },
    },
    // `nickname?` is optional, and so is `bio: string | undefined`: JSON cannot carry undefined
    required: ['handle', 'home', 'born', 'settings', 'labels', 'byYear', 'coords'],
    additionalProperties: false,
  })
})

objects('puts a type used more than once in $defs and refers to it', () => {
  assert.equal(derive('objects.ts', 'Contacts'), {
    $schema: DIALECT,
    description: 'Used twice, so it becomes a definition.',
    type: 'object',
    properties: {
      billing: { $ref: '#/$defs/Address' },
      shipping: { anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }] },
    },
    required: ['billing', 'shipping'],
    additionalProperties: false,
    $defs: { Address: ADDRESS },
  })
})

objects('merges an intersection of object types into one object', () => {
  assert.equal(derive('objects.ts', 'FullName'), {
    $schema: DIALECT,
    type: 'object',
    properties: { first: { type: 'string' }, last: { type: 'string' }, middle: { type: 'string' } },
    required: ['first', 'last'],
    additionalProperties: false,
  })
})

objects('an alias of an interface documents its uses and the derivation under its name', () => {
  const SPOT = {
    description: 'A point on a map.',
    type: 'object',
    properties: { lat: { type: 'number' }, lng: { type: 'number' } },
    required: ['lat', 'lng'],
    additionalProperties: false,
  }
  assert.equal(derive('objects.ts', 'Meeting'), {
    $schema: DIALECT,
    type: 'object',
    properties: { at: { $ref: '#/$defs/Spot', description: 'Where to meet.' }, fallback: { $ref: '#/$defs/Spot' } },
    required: ['at', 'fallback'],
    additionalProperties: false,
    $defs: { Spot: SPOT },
  })
  assert.equal(derive('objects.ts', 'MeetingPoint'), { $schema: DIALECT, ...SPOT, description: 'Where to meet.' })
})

objects('maps a branded primitive to the primitive', () => {
  assert.equal(derive('objects.ts', 'UserId'), { $schema: DIALECT, type: 'string' })
})

objects('maps an index signature beside declared properties to additionalProperties', () => {
  assert.equal(derive('objects.ts', 'Open'), {
    $schema: DIALECT,
    type: 'object',
    properties: { name: { type: 'string' } },
    required: ['name'],
    additionalProperties: { type: 'string' },
  })
})

objects('marks the properties of Readonly<T> readOnly', () => {
  assert.equal(derive('objects.ts', 'Frozen').properties, { x: { type: 'number', readOnly: true }, y: { type: 'number', readOnly: true } })
})

objects('maps a template literal index signature to patternProperties', () => {
  assert.equal(derive('objects.ts', 'Keyed'), {
    $schema: DIALECT,
    type: 'object',
    patternProperties: { '^data-.*$': { type: 'string' } },
    additionalProperties: false,
  })
})

objects('allowAdditionalProperties leaves additionalProperties out', () => {
  const schema = derive('objects.ts', 'FullName', { allowAdditionalProperties: true })
  assert.is('additionalProperties' in schema, false)
  const open = newStructSchema(fixture('objects.ts', 'FullName'), { allowAdditionalProperties: true })
  assert.is(problems(open, { first: 'Ada', last: 'Lovelace', title: 'Countess' }), null)
  const closed = newStructSchema(fixture('objects.ts', 'FullName'))
  assert.equal(problems(closed, { first: 'Ada', last: 'Lovelace', title: 'Countess' }), ['/ additionalProperties'])
})

objects('validates objects: required, optional, types, extra properties, index signatures', () => {
  const profile = newStructSchema(fixture('objects.ts', 'Profile'))
  const valid = {
    handle: 'ada',
    home: { street: '12 St James Sq', city: 'London', country: 'GB' },
    born: '1815-12-10T00:00:00Z',
    settings: { dark: true },
    labels: { team: 'math' },
    byYear: { '1843': 1, '-5': 2 },
    coords: { lat: 51.5, lng: -0.13 },
  }
  assert.is(problems(profile, valid), null)
  assert.is(problems(profile, { ...valid, nickname: 'A', bio: 'Mathematician' }), null)
  const { handle: _, ...withoutHandle } = valid
  assert.equal(problems(profile, withoutHandle), ['/ required'])
  assert.equal(problems(profile, { ...valid, home: { ...valid.home, country: 'gb' } }), ['/home/country pattern'])
  assert.equal(problems(profile, { ...valid, born: 'yesterday' }), ['/born format'])
  assert.equal(problems(profile, { ...valid, settings: { dark: 'yes' } }), ['/settings/dark type'])
  assert.equal(problems(profile, { ...valid, byYear: { latest: 3 } }), ['/byYear additionalProperties'])
  assert.equal(problems(profile, { ...valid, extra: 1 }), ['/ additionalProperties'])
})

objects('validates a realistic model: discriminated unions, Pick, records and shared definitions', () => {
  const schema = derive('shop.ts', 'Order')
  assert.equal(Object.keys(schema.$defs as object), ['OrderStatus', 'PostalAddress', 'Money'])
  const order = newStructSchema(fixture('shop.ts', 'Order'))
  const money = (amount: number) => ({ amount, currency: 'EUR' })
  const address = { line1: 'Karl Johans gate 1', city: 'Oslo', country: 'NO' }
  const valid = {
    id: 'o-1',
    status: 'paid',
    customer: {
      id: 'c-1',
      email: 'ada@example.com',
      name: { given: 'Ada', family: 'Lovelace' },
      addresses: [address],
      tags: [],
      marketingOptIn: false,
      createdAt: '2024-01-02T03:04:05Z',
      metadata: { source: 'ads' },
    },
    items: [{ product: { id: 'p-1', title: 'Book' }, variantSku: 'B-1', quantity: 2, unitPrice: money(1500) }],
    shippingAddress: address,
    billingAddress: address,
    payment: { method: 'card', last4: '4242', brand: 'visa' },
    totals: { subtotal: money(3000), shipping: money(0), tax: money(750), total: money(3750) },
    placedAt: '2024-01-02T03:04:05Z',
    history: [{ at: '2024-01-02T03:04:05Z', status: 'pending' }],
  }
  assert.is(problems(order, valid), null)
  assert.is(problems(order, { ...valid, payment: { method: 'invoice', dueInDays: 30 } }), null)
  failsAt(order, { ...valid, payment: { method: 'invoice', dueInDays: 45 } }, '/payment')
  failsAt(order, { ...valid, payment: { method: 'card', account: 'x' } }, '/payment')
  assert.equal(problems(order, { ...valid, status: 'lost' }), ['/status enum'])
  assert.equal(problems(order, { ...valid, totals: { ...valid.totals, tax: money(-1) } }), ['/totals/tax/amount minimum'])
  assert.equal(problems(order, { ...valid, items: [{ ...valid.items[0], quantity: 0 }] }), ['/items/0/quantity minimum'])
  assert.equal(problems(order, { ...valid, items: [{ ...valid.items[0], product: { id: 'p-1', title: 'Book', price: 1 } }] }), [
    '/items/0/product additionalProperties',
  ])
})

// ── arrays and tuples ───────────────────────────────────────────────────────────────────────

const collections = suite('arrays and tuples')

collections('maps arrays, Array<T>, readonly arrays and tuples with optional and rest elements', () => {
  assert.equal(derive('collections.ts', 'Collections').properties, {
    tags: { type: 'array', items: { type: 'string' } },
    scores: { type: 'array', items: { type: 'number' } },
    frozen: { type: 'array', items: { type: 'string' } },
    matrix: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
    pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false, minItems: 2 },
    optionalTail: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false, minItems: 1 },
    rest: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'boolean' }, minItems: 1 },
    named: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false, minItems: 2 },
    onlyRest: { type: 'array', items: { type: 'string' } },
    empty: { type: 'array', items: false },
  })
})

collections('validates tuple lengths and element types', () => {
  const schema = newStructSchema(fixture('collections.ts', 'Collections'))
  const valid = {
    tags: ['a'],
    scores: [1, 2.5],
    frozen: [],
    matrix: [[1], []],
    pair: ['x', 1],
    optionalTail: ['x'],
    rest: ['x', true, false],
    named: [0, 0],
    onlyRest: [],
    empty: [],
  }
  assert.is(problems(schema, valid), null)
  assert.is(problems(schema, { ...valid, optionalTail: ['x', 2], rest: ['x'] }), null)
  assert.equal(problems(schema, { ...valid, pair: ['x'] }), ['/pair minItems'])
  assert.equal(problems(schema, { ...valid, pair: ['x', 1, 2] }), ['/pair items'])
  assert.equal(problems(schema, { ...valid, rest: ['x', 'y'] }), ['/rest/1 type'])
  assert.equal(problems(schema, { ...valid, empty: [1] }), ['/empty items'])
  assert.equal(problems(schema, { ...valid, matrix: [[1, 'two']] }), ['/matrix/0/1 type'])
})

// ── enums ───────────────────────────────────────────────────────────────────────────────────

const enums = suite('enums')

enums('maps string and numeric enums to enum, enum members to const', () => {
  assert.equal(derive('enums.ts', 'Paint').properties, {
    color: { type: 'string', enum: ['red', 'green', 'blue'] },
    accent: { type: ['string', 'null'], enum: ['red', 'green', 'blue', null] },
    priority: { type: 'number', enum: [0, 1, 2] },
    ok: { type: 'number', const: 200 },
  })
  assert.equal(derive('enums.ts', 'Color'), { $schema: DIALECT, type: 'string', enum: ['red', 'green', 'blue'] })
  assert.equal(derive('enums.ts', 'Http'), { $schema: DIALECT, type: 'number', enum: [200, 404] })
})

enums('puts an enum used twice in $defs', () => {
  assert.equal(derive('enums.ts', 'Palette'), {
    $schema: DIALECT,
    description: 'Both fields share the enum, so it becomes a definition.',
    type: 'object',
    properties: { primary: { $ref: '#/$defs/Color' }, secondary: { $ref: '#/$defs/Color' } },
    required: ['primary', 'secondary'],
    additionalProperties: false,
    $defs: { Color: { type: 'string', enum: ['red', 'green', 'blue'] } },
  })
})

enums('validates enum values', () => {
  const palette = newStructSchema(fixture('enums.ts', 'Palette'))
  assert.is(problems(palette, { primary: 'red', secondary: 'blue' }), null)
  assert.equal(problems(palette, { primary: 'red', secondary: 'Blue' }), ['/secondary enum'])
  const paint = newStructSchema(fixture('enums.ts', 'Paint'))
  assert.is(problems(paint, { color: 'green', accent: null, priority: 2, ok: 200 }), null)
  assert.equal(problems(paint, { color: 'green', accent: null, priority: 3, ok: 200 }), ['/priority enum'])
  assert.equal(problems(paint, { color: 'green', accent: null, priority: 0, ok: 404 }), ['/ok const'])
})

// ── generics ────────────────────────────────────────────────────────────────────────────────

const generics = suite('generics and utility types')

const USER = {
  type: 'object',
  properties: { id: { type: 'number' }, name: { type: 'string' } },
  required: ['id', 'name'],
  additionalProperties: false,
}

generics('instantiates a generic interface through an alias, the alias documenting it', () => {
  assert.equal(derive('generics.ts', 'UserPage'), {
    $schema: DIALECT,
    description: 'The users, a page at a time.',
    type: 'object',
    properties: { items: { type: 'array', items: USER }, total: { type: 'number' } },
    required: ['items', 'total'],
    additionalProperties: false,
  })
})

generics('instantiates each use of a generic with its own arguments', () => {
  const page = (items: unknown) => ({
    type: 'object',
    properties: { items: { type: 'array', items }, total: { type: 'number' } },
    required: ['items', 'total'],
    additionalProperties: false,
    description: 'A page of results.',
  })
  assert.equal(derive('generics.ts', 'Catalog').properties, {
    users: page(USER),
    names: page({ type: 'string' }),
    flag: { type: 'object', properties: { value: { type: 'boolean' } }, required: ['value'], additionalProperties: false },
  })
})

generics('maps Partial, Pick, Omit and Record over a union of keys', () => {
  assert.equal(derive('generics.ts', 'PartialUser'), {
    $schema: DIALECT,
    type: 'object',
    properties: { id: { type: 'number' }, name: { type: 'string' } },
    additionalProperties: false,
  })
  const nameOnly = { $schema: DIALECT, type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false }
  assert.equal(derive('generics.ts', 'UserName'), nameOnly)
  assert.equal(derive('generics.ts', 'Anonymous'), nameOnly)
  assert.equal(derive('generics.ts', 'Translations'), {
    $schema: DIALECT,
    type: 'object',
    properties: { en: { type: 'string' }, de: { type: 'string' } },
    required: ['en', 'de'],
    additionalProperties: false,
  })
})

generics('names two definitions that read alike apart', () => {
  const box = (value: unknown) => ({ type: 'object', properties: { value }, required: ['value'], additionalProperties: false })
  const schema = derive('generics.ts', 'Boxes')
  assert.equal(schema.properties, {
    a: { $ref: '#/$defs/Box_string' },
    b: { $ref: '#/$defs/Box_string' },
    c: { $ref: '#/$defs/Box_string_2' },
    d: { $ref: '#/$defs/Box_string_2' },
  })
  assert.equal(schema.$defs, { Box_string: box({ type: 'string' }), Box_string_2: box({ type: 'array', items: { type: 'string' } }) })
  const boxes = newStructSchema(fixture('generics.ts', 'Boxes'))
  assert.is(problems(boxes, { a: { value: 'x' }, b: { value: 'y' }, c: { value: [] }, d: { value: ['z'] } }), null)
  assert.equal(problems(boxes, { a: { value: 'x' }, b: { value: 'y' }, c: { value: 'w' }, d: { value: ['z'] } }), ['/c/value type'])
})

// ── recursive types ─────────────────────────────────────────────────────────────────────────

const recursive = suite('recursive types')

recursive('refers back to the declaration itself with #', () => {
  assert.equal(derive('recursive.ts', 'TreeNode'), {
    $schema: DIALECT,
    description: 'A node of a tree.',
    type: 'object',
    properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
    required: ['label', 'children'],
    additionalProperties: false,
  })
})

recursive('validates a recursive type at any depth', () => {
  const tree = newStructSchema(fixture('recursive.ts', 'TreeNode'))
  let deep: { label: string; children: unknown[] } = { label: 'leaf', children: [] }
  for (let i = 0; i < 200; i++) deep = { label: `n${i}`, children: [deep] }
  assert.is(problems(tree, deep), null)
  const bad = { label: 'root', children: [{ label: 'a', children: [{ label: 3, children: [] }] }] }
  assert.equal(problems(tree, bad), ['/children/0/children/0/label type'])
})

recursive('maps a recursive alias of a union (JSON values)', () => {
  assert.equal(derive('recursive.ts', 'Json'), {
    $schema: DIALECT,
    anyOf: [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'null' },
      { type: 'array', items: { $ref: '#' } },
      { type: 'object', additionalProperties: { $ref: '#' } },
    ],
  })
  const json = newStructSchema(fixture('recursive.ts', 'Json'))
  assert.is(problems(json, { a: [1, 'two', { b: null, c: [true] }] }), null)
})

recursive('puts a recursive type reached from another root in $defs; mutual recursion inlines the other side', () => {
  const CATEGORY = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      parent: { $ref: '#/$defs/Category' },
      tags: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: { type: 'string' }, category: { $ref: '#/$defs/Category' } },
          required: ['name', 'category'],
          additionalProperties: false,
        },
      },
    },
    required: ['name', 'tags'],
    additionalProperties: false,
  }
  assert.equal(derive('recursive.ts', 'Forum'), {
    $schema: DIALECT,
    type: 'object',
    properties: {
      categories: { type: 'array', items: { $ref: '#/$defs/Category' } },
      pinned: { anyOf: [{ $ref: '#/$defs/Category' }, { type: 'null' }] },
    },
    required: ['categories', 'pinned'],
    additionalProperties: false,
    $defs: { Category: CATEGORY },
  })
  const forum = newStructSchema(fixture('recursive.ts', 'Forum'))
  const news = { name: 'news', tags: [] }
  const sport = { name: 'sport', parent: news, tags: [{ name: 'football', category: { name: 'sport', tags: [] } }] }
  assert.is(problems(forum, { categories: [news, sport], pinned: sport }), null)
  assert.equal(problems(forum, { categories: [{ name: 'x', tags: [{ name: 'y', category: { tags: [] } }] }], pinned: null }), [
    '/categories/0/tags/0/category required',
  ])
})

recursive('names a recursive generic instantiation after its arguments', () => {
  assert.equal(derive('recursive.ts', 'Queue'), {
    $schema: DIALECT,
    type: 'object',
    properties: { items: { $ref: '#/$defs/List_number' } },
    required: ['items'],
    additionalProperties: false,
    $defs: {
      List_number: {
        type: 'object',
        properties: { value: { type: 'number' }, next: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/List_number' }] } },
        required: ['value', 'next'],
        additionalProperties: false,
      },
    },
  })
  const queue = newStructSchema(fixture('recursive.ts', 'Queue'))
  assert.is(problems(queue, { items: { value: 1, next: { value: 2, next: null } } }), null)
  assert.equal(problems(queue, { items: { value: 1, next: { value: '2', next: null } } }), ['/items/next/value type'])
})

// ── imports ─────────────────────────────────────────────────────────────────────────────────

const imports = suite('types from other files')

imports('inlines a type imported from a second file', () => {
  assert.equal(derive('person.ts', 'Person'), {
    $schema: DIALECT,
    type: 'object',
    properties: { name: { type: 'string' }, address: ADDRESS },
    required: ['name', 'address'],
    additionalProperties: false,
  })
  const person = newStructSchema(fixture('person.ts', 'Person'))
  assert.is(problems(person, { name: 'Ada', address: { street: 'x', city: 'London', country: 'GB' } }), null)
  assert.equal(problems(person, { name: 'Ada', address: { street: 'x', city: 'London' } }), ['/address required'])
})

imports('derives a type the file re-exports from another', () => {
  const { description, ...rest } = ADDRESS
  assert.equal(derive('person.ts', 'Address'), { $schema: DIALECT, description, ...rest })
})

imports('takes { file, name } and resolves relative paths against basePath', () => {
  const expected = derive('person.ts', 'Person')
  assert.equal(deriveStructSchema({ file: 'test/fixtures/struct/person.ts', name: 'Person' }, { basePath: root }), expected)
  assert.equal(deriveStructSchema('./person.ts#Person', { basePath: FIXTURES }), expected)
  assert.equal(deriveStructSchema({ file: path.join(FIXTURES, 'person.ts'), name: 'Person' }, { basePath: '/elsewhere' }), expected)
})

// ── JSDoc ───────────────────────────────────────────────────────────────────────────────────

const jsdoc = suite('JSDoc tags')

jsdoc('maps every supported tag, the doc comment and the Integer alias to keywords', () => {
  assert.equal(derive('jsdoc.ts', 'Order'), {
    $schema: DIALECT,
    title: 'Order',
    description: 'An order placed by a customer.',
    type: 'object',
    properties: {
      id: { type: 'integer', description: 'The order number.', minimum: 1 },
      price: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1000, multipleOf: 0.01 },
      quantity: { type: 'integer', maximum: 99 },
      customerAge: { type: 'integer', minimum: 0 },
      customer: { type: 'string', minLength: 3, maxLength: 40, pattern: '^[A-Z][a-z]+$' },
      email: { type: 'string', format: 'email' },
      items: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5, uniqueItems: true },
      shipping: { type: 'string', default: 'standard' },
      options: {
        type: 'object',
        properties: { gift: { type: 'boolean' } },
        required: ['gift'],
        additionalProperties: false,
        default: { gift: false },
      },
      note: { type: 'string', examples: ['leave at the door', 'ring twice'] },
      phone: { type: 'string', deprecated: true },
      source: { type: 'string', description: 'The channel the order came from.' },
      memo: { type: 'string', description: 'Free text,\nover two lines.' },
      parent: { type: 'number', description: 'Same as Order.id, or the order itself.' },
      counts: { type: 'array', items: { type: 'integer' } },
      maybe: { type: ['integer', 'null'] },
      rating: { type: 'integer', title: 'Rating' },
      limit: { anyOf: [{ type: 'integer' }, { type: 'string', const: 'unlimited' }] },
    },
    required: ['id', 'price', 'quantity', 'customerAge', 'customer', 'email', 'items', 'source', 'counts', 'maybe', 'limit'],
    additionalProperties: false,
  })
  assert.equal(derive('jsdoc.ts', 'Age'), { $schema: DIALECT, type: 'integer', minimum: 0 })
})

jsdoc('validates what the tags say', () => {
  const order = newStructSchema(fixture('jsdoc.ts', 'Order'))
  const valid = {
    id: 1,
    price: 9.99,
    quantity: 2,
    customerAge: 30,
    customer: 'Ada',
    email: 'ada@example.com',
    items: ['book'],
    source: 'web',
    counts: [1, 2],
    maybe: null,
    limit: 'unlimited',
  }
  assert.is(problems(order, valid), null)
  assert.is(problems(order, { ...valid, limit: 10 }), null)
  const cases: [Record<string, unknown>, string][] = [
    [{ id: 1.5 }, '/id type'],
    [{ id: 0 }, '/id minimum'],
    [{ price: 0 }, '/price exclusiveMinimum'],
    [{ price: 1000 }, '/price exclusiveMaximum'],
    [{ price: 1.001 }, '/price multipleOf'],
    [{ quantity: 100 }, '/quantity maximum'],
    [{ customerAge: -1 }, '/customerAge minimum'],
    [{ customer: 'Al' }, '/customer minLength'],
    [{ customer: 'A'.repeat(41) }, '/customer maxLength'],
    [{ customer: 'ada' }, '/customer pattern'],
    [{ email: 'not an email' }, '/email format'],
    [{ items: [] }, '/items minItems'],
    [{ items: ['a', 'b', 'c', 'd', 'e', 'f'] }, '/items maxItems'],
    [{ items: ['a', 'a'] }, '/items uniqueItems'],
    [{ counts: [1.5] }, '/counts/0 type'],
    [{ maybe: 2.5 }, '/maybe type'],
  ]
  for (const [change, expected] of cases) assert.equal(problems(order, { ...valid, ...change }), [expected], JSON.stringify(change))
  failsAt(order, { ...valid, limit: 10.5 }, '/limit')
})

jsdoc('reports a tag whose value does not fit, naming the property', () => {
  const at = (property: string, line: number) =>
    `${SHOWN}/jsdoc.ts#BadTags, property "${property}" (declared in BadTags at ${SHOWN}/jsdoc.ts:${line})`
  assert.equal(messages(() => derive('jsdoc.ts', 'BadTags')), [
    `${at('low', 72)}: @minimum expects a number, found "ten"`,
    `${at('short', 74)}: @maxLength expects a non-negative integer, found "-1"`,
    `${at('code', 76)}: @pattern expects a regular expression (Invalid regular expression: /([a-z/u: Unterminated character class), found "([a-z"`,
    `${at('mode', 78)}: @default expects a JSON value (write strings in double quotes), found "not json"`,
    `${at('word', 80)}: @integer applies to number types only`,
    `${at('step', 82)}: @multipleOf expects a number greater than 0, found "0"`,
    `${at('list', 84)}: @uniqueItems expects nothing, true or false, found "maybe"`,
  ])
})

jsdoc('reads the tags users of ts-json-schema-generator and typescript-json-schema write', () => {
  const schema = derive('jsdoc.ts', 'Aliases')
  const properties = schema.properties as Record<string, unknown>
  assert.equal(
    ['a', 'b', 'c', 'd', 'same'].map((k) => properties[k]),
    [{ type: 'integer' }, { type: 'integer' }, { type: 'integer' }, { type: 'integer' }, { type: 'number' }],
  )
  assert.equal(properties.note, { type: ['string', 'null'] })
  assert.equal(properties.tags, { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'number' }, { type: 'null' }] })
  // a named type's reference moves into a branch; the annotations stay beside the anyOf
  assert.equal(properties.address, { description: 'The address, or null when unknown.', anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }] })
  assert.equal(properties.level, { anyOf: [{ type: 'string', enum: ['low', 'high'] }, { type: 'null' }] })
  assert.equal(properties.email, { type: 'string', minLength: 2, format: 'email' })
  assert.equal(properties.labels, { type: 'object', additionalProperties: { type: 'string' }, minProperties: 1, maxProperties: 3 })
  assert.equal([properties.id, properties.password, properties.version], [
    { type: 'string', readOnly: true },
    { type: 'string', writeOnly: true },
    { type: 'string', const: 'v1' },
  ])
  // a JSON @example is an example of the data; code in an @example is for people
  assert.equal(properties.answer, { type: 'number', examples: [42] })
  assert.equal(properties.quiet, { type: 'boolean' })
  assert.equal(derive('jsdoc.ts', 'MaybeName'), { $schema: DIALECT, type: ['string', 'null'] })

  const aliases = createKernel().newStructSchema(fixture('jsdoc.ts', 'Aliases'))
  assert.equal(aliases.warnings, [], 'every tag above is understood')
  const valid = {
    a: 1, b: 2, c: 3, d: 4, same: 1.5, note: null, tags: null, address: null, home: { city: 'Oslo' }, level: null,
    email: 'ada@example.com', labels: { x: 'y' }, id: 'i', password: 'p', version: 'v1', answer: 42, quiet: true,
  }
  assert.is(problems(aliases, valid), null)
  assert.is(problems(aliases, { ...valid, address: { city: 'Oslo' }, level: 'low', note: 'n' }), null)
  assert.equal(problems(aliases, { ...valid, a: 1.5 }), ['/a type'])
  assert.equal(problems(aliases, { ...valid, home: null }), ['/home type'])
  assert.equal(problems(aliases, { ...valid, labels: {} }), ['/labels minProperties'])
  assert.equal(problems(aliases, { ...valid, version: 'v2' }), ['/version const'])
})

jsdoc('warns about a tag it does not read, naming the property, and still derives the schema', () => {
  const schema = createKernel().newStructSchema(fixture('jsdoc.ts', 'UnknownTags'))
  const at = (property: string, line: number) =>
    `${SHOWN}/jsdoc.ts#UnknownTags, property "${property}" (declared in UnknownTags at ${SHOWN}/jsdoc.ts:${line})`
  assert.equal(schema.warnings, [
    { schemaPath: '#/properties/name', message: `${at('name', 149)}: @minlength is not a tag schemavet reads, so it was ignored (did you mean @minLength?)` },
    { schemaPath: '#/properties/secret', message: `${at('secret', 151)}: @hidden is not a tag schemavet reads, so it was ignored; see the tag table in docs/struct.md` },
    {
      schemaPath: '#/properties/nested/properties/deep',
      message: `${at('nested.deep', 154)}: @frobnicate is not a tag schemavet reads, so it was ignored; see the tag table in docs/struct.md`,
    },
  ])
  assert.ok(Object.isFrozen(schema.warnings))
  // the warnings are beside the schema, not in it
  assert.equal(Object.keys(schema.jsonSchema() as object), ['$schema', 'type', 'properties', 'required', 'additionalProperties'])
  assert.equal(createKernel().newStructSchema(fixture('jsdoc.ts', 'Order')).warnings, [])
  assert.equal(deriveStruct(fixture('jsdoc.ts', 'UnknownTags'), {}).warnings, schema.warnings)
})

jsdoc('a type tag other than integer, or a value on @nullable, is a problem', () => {
  const at = (property: string, line: number) =>
    `${SHOWN}/jsdoc.ts#BadAliases, property "${property}" (declared in BadAliases at ${SHOWN}/jsdoc.ts:${line})`
  assert.equal(messages(() => derive('jsdoc.ts', 'BadAliases')), [
    `${at('count', 160)}: @asType string does not match the declared type (number): the type comes from TypeScript, and @asType can only narrow number to integer`,
    `${at('maybe', 162)}: @nullable takes no value (found "yes")`,
  ])
})

// ── classes ─────────────────────────────────────────────────────────────────────────────────

const classes = suite('class instances')

classes('describes a class by its own enumerable properties (no methods, accessors or #private fields)', () => {
  assert.equal(derive('classes.ts', 'Point'), {
    $schema: DIALECT,
    type: 'object',
    properties: { x: { type: 'number' }, y: { type: 'number' }, cache: { type: 'string' }, label: { type: 'string', readOnly: true } },
    required: ['x', 'y', 'label'],
    additionalProperties: false,
  })
})

classes('validates class instances, inherited fields included', async () => {
  const { Point, ColoredPoint } = await import('./fixtures/struct/classes.ts')
  const point = newStructSchema(fixture('classes.ts', 'Point'))
  assert.is(problems(point, new Point(3, 4, 'p')), null)
  assert.is(problems(point, { x: 3, y: 4, label: 'plain object' }), null)
  const moved = new Point(3, 4, 'p')
  ;(moved as unknown as Record<string, unknown>).x = 'three'
  assert.equal(problems(point, moved), ['/x type'])
  assert.equal(problems(point, new ColoredPoint(1, 2, 'c')), ['/ additionalProperties'])
  const colored = newStructSchema(fixture('classes.ts', 'ColoredPoint'))
  assert.is(problems(colored, new ColoredPoint(1, 2, 'c')), null)
})

// ── newStructSchema ─────────────────────────────────────────────────────────────────────────

const constructor = suite('newStructSchema')

constructor('jsonSchema() returns the derived schema, not a stub', () => {
  const schema = newStructSchema(fixture('generics.ts', 'UserPage'))
  assert.equal(schema.jsonSchema(), derive('generics.ts', 'UserPage'))
})

constructor('null and undefined are errors saying a value is required', () => {
  const schema = createKernel().newStructSchema(fixture('generics.ts', 'UserPage'))
  assert.ok(schema instanceof StructValidator)
  for (const data of [null, undefined]) {
    const error = schema.validate(data)
    assert.ok(error !== null)
    assert.equal(error.errors, [{ keyword: 'required', instancePath: '', schemaPath: '#', params: {}, message: `a value is required (got ${data})` }])
  }
})

constructor('kernel.newStructSchema passes schema options on to the compile', () => {
  const kernel = createKernel({ allErrors: true })
  const schema = kernel.newStructSchema(fixture('objects.ts', 'FullName'))
  assert.equal(problems(schema, { first: 1, last: 2 }), ['/first type', '/last type'])
  assert.equal(problems(kernel.newStructSchema(fixture('objects.ts', 'FullName'), { allErrors: false }), { first: 1, last: 2 }), ['/first type'])
})

constructor('the top-level newStructSchema returns a StructValidator', () => {
  const top = (api as unknown as Record<string, unknown>).newStructSchema
  assert.type(top, 'function', 'api.ts exports newStructSchema')
  const schema = (top as NewStructSchema)(fixture('scalars.ts', 'Status'))
  assert.ok(schema instanceof StructValidator)
  assert.is(schema.validate('active'), null)
  assert.equal(schema.validate(null)?.errors[0]?.message, 'a value is required (got null)')
})

// ── errors ──────────────────────────────────────────────────────────────────────────────────

const errors = suite('what JSON Schema cannot express')

const UNSUPPORTED = `${SHOWN}/unsupported.ts`

errors('a function property names the file, the type and the property', () => {
  const error = schemaError(() => derive('unsupported.ts', 'WithFunction'))
  assert.equal(error.errors, [
    {
      schemaPath: '#/properties/onChange',
      message: `${UNSUPPORTED}#WithFunction, property "onChange" (declared in WithFunction at ${UNSUPPORTED}:5): a function cannot be expressed in JSON Schema (found (value: string) => void)`,
    },
  ])
  assert.match(error.message, 'WithFunction')
})

errors('methods, symbols and bigint are errors', () => {
  assert.equal(messages(() => derive('unsupported.ts', 'WithMethod')), [
    `${UNSUPPORTED}#WithMethod, property "greet" (declared in WithMethod at ${UNSUPPORTED}:9): a method cannot be expressed in JSON Schema (found () => string)`,
  ])
  assert.equal(messages(() => derive('unsupported.ts', 'WithSymbol')), [
    `${UNSUPPORTED}#WithSymbol, property "key" (declared in WithSymbol at ${UNSUPPORTED}:13): a symbol cannot be expressed in JSON Schema (JSON has no symbols)`,
  ])
  assert.equal(messages(() => derive('unsupported.ts', 'WithBigint')), [
    `${UNSUPPORTED}#WithBigint, property "amount" (declared in WithBigint at ${UNSUPPORTED}:17): bigint cannot be expressed in JSON Schema (JSON numbers lose precision past 2^53); use number, or a string of digits`,
  ])
  assert.equal(messages(() => derive('unsupported.ts', 'Callback')), [
    `${UNSUPPORTED}#Callback: a function cannot be expressed in JSON Schema (found (error: Error | null) => void)`,
  ])
})

errors('lists every problem of a declaration at once, nested ones with their path', () => {
  const error = schemaError(() => derive('unsupported.ts', 'Several'))
  assert.equal(
    error.errors.map((e) => e.schemaPath),
    ['#/properties/handlers/properties/onClick', '#/properties/id', '#/properties/total', '#/properties/middle'],
  )
  assert.equal(
    error.errors[0]!.message,
    `${UNSUPPORTED}#Several, property "handlers.onClick" (declared in Handlers at ${UNSUPPORTED}:25): a function cannot be expressed in JSON Schema (found () => void)`,
  )
  assert.match(error.errors[3]!.message, 'the tuple [...string[], number] has elements after its rest element')
})

errors('symbol keys, template literals over other types and runaway generics are errors', () => {
  assert.equal(messages(() => derive('unsupported.ts', 'WithSymbolKey')), [
    `${UNSUPPORTED}#WithSymbolKey, property "[secret]" (declared in WithSymbolKey at ${UNSUPPORTED}:42): a symbol-keyed property cannot be expressed in JSON Schema (JSON keys are strings)`,
  ])
  assert.equal(messages(() => derive('unsupported.ts', 'BigId')), [
    `${UNSUPPORTED}#BigId: the template literal type \`id-\${bigint}\` cannot be expressed in JSON Schema (only \${string} and \${number} placeholders can)`,
  ])
  assert.equal(messages(() => derive('unsupported.ts', 'Deep')), [
    `${UNSUPPORTED}#Deep, property "inner.inner.inner.inner.inner.inner….inner.inner.inner" (declared in Nest at ${UNSUPPORTED}:47): ` +
      'types nest deeper than 100 levels (a generic type that makes a new type at each level cannot be expressed)',
  ])
})

errors('an unresolved generic is an error that suggests an instantiation', () => {
  assert.equal(messages(() => derive('unsupported.ts', 'Wrapper')), [
    `${UNSUPPORTED}#Wrapper: Wrapper<T> is generic, and JSON Schema needs concrete types: the type parameter T is unresolved ` +
      '(declare an instantiation such as `export type WrapperOfString = Wrapper<string>` and derive that)',
  ])
  assert.match(messages(() => derive('generics.ts', 'Defaulted'))[0]!, 'Defaulted<T> is generic')
})

errors('a name that does not exist lists the declarations the file has', () => {
  assert.equal(messages(() => derive('unsupported.ts', 'notAType')), [
    `${UNSUPPORTED}#notAType: no interface, type alias, class or enum named "notAType" in ${UNSUPPORTED} ` +
      '(it declares: BigId, Callback, Deep, Handlers, Nest, Several, WithBigint, WithFunction, WithMethod, WithSymbol, WithSymbolKey, Wrapper)',
  ])
})

errors('a missing file, a file that is not TypeScript and a malformed type reference are errors', () => {
  assert.equal(messages(() => derive('nowhere.ts', 'X')), [`${SHOWN}/nowhere.ts#X: file not found (${FIXTURES}/nowhere.ts)`])
  assert.equal(messages(() => deriveStructSchema('package.json#X', { basePath: root })), [
    `${shown(path.join(root, 'package.json'))}#X: not a TypeScript file (.ts, .tsx, .mts, .cts)`,
  ])
  assert.match(messages(() => deriveStructSchema(`${FIXTURES}/scalars.ts`, {}))[0]!, 'a struct type is "./file.ts#TypeName" or { file, name }')
  assert.match(messages(() => deriveStructSchema({ file: `${FIXTURES}/scalars.ts`, name: '' }, {}))[0]!, 'a struct type is')
})

errors('names that do not resolve and syntax errors are errors naming the file', () => {
  const tmp = tempDir()
  try {
    const file = tmp.write(
      'broken.ts',
      "import type { Gone } from './missing.ts'\nexport interface Broken {\n  a: Gone\n  b: Nowhere\n  c: Map<string, number>\n}\n",
    )
    assert.equal(messages(() => deriveStructSchema(`${file}#Broken`, {})), [
      `${file}#Broken, property "a" (declared in Broken at ${file}:3): cannot resolve the type Gone: the name is not declared where it is used, ` +
        'or its import does not resolve (only the ES5 standard library is loaded; Map, Set and Promise are not JSON values anyway)',
      `${file}#Broken, property "b" (declared in Broken at ${file}:4): cannot resolve the type Nowhere: the name is not declared where it is used, ` +
        'or its import does not resolve (only the ES5 standard library is loaded; Map, Set and Promise are not JSON values anyway)',
      `${file}#Broken, property "c" (declared in Broken at ${file}:5): Map<string, number> is not a JSON value and cannot be expressed in JSON Schema`,
    ])
    const syntax = tmp.write('syntax.ts', 'export interface Bad {\n  a: string\n  b: \n}\n')
    assert.equal(messages(() => deriveStructSchema(`${syntax}#Bad`, {})), [`${syntax}#Bad: syntax errors:\n${syntax}:4:1: Type expected.`])
  } finally {
    tmp.done()
  }
})

errors('a missing TypeScript compiler is an Error giving the one install command', () => {
  try {
    loadTypeScript('typescript-not-installed', 'compat-not-installed')
    assert.unreachable('expected an Error')
  } catch (e) {
    assert.instance(e, Error)
    assert.match((e as Error).message, '"typescript-not-installed" is not installed')
    assert.match((e as Error).message, `Install TypeScript 6's API with: ${typeScriptInstall('compat-not-installed')} (`)
    assert.is(typeScriptInstall(), 'npm install --save-dev --install-strategy=nested @typescript/typescript6')
  }
})

errors('TypeScript 7 (no JavaScript compiler API) is given the same command, whose package is then used; an earlier alias still works', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'schemavet-ts7-'))
  try {
    // Fake packages in the working directory, where the lookup goes after this package's own.
    const fake = (name: string, body: string) => {
      const at = path.join(dir, 'node_modules', name)
      spawnSync('mkdir', ['-p', at])
      writeFileSync(path.join(at, 'package.json'), JSON.stringify({ name, version: '1.0.0', main: 'index.js' }))
      writeFileSync(path.join(at, 'index.js'), body)
    }
    fake('fake-ts', "module.exports = { version: '7.0.0' }")
    const load = `import { loadTypeScript } from ${JSON.stringify(path.join(root, 'struct/typescript.ts'))}
      try { console.log(JSON.stringify({ version: loadTypeScript('fake-ts', '@fake/compat').version })) } catch (e) { console.log(JSON.stringify({ error: e.message })) }`
    const run = () => {
      const child = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', load], { cwd: dir, encoding: 'utf8' })
      assert.is(child.status, 0, child.stderr)
      return JSON.parse(child.stdout.trim()) as { version?: string; error?: string }
    }
    const without = run()
    assert.match(without.error ?? '', 'this project has TypeScript 7.0.0, whose package has no JavaScript compiler API')
    assert.match(without.error ?? '', 'npm install --save-dev --install-strategy=nested @fake/compat')
    // The alias the previous message suggested is still read.
    fake('fake-ts-6', "module.exports = { version: '6.0.3', createProgram() {} }")
    assert.equal(run(), { version: '6.0.3' })
    // The compatibility package comes first.
    fake('@fake/compat', "module.exports = { version: '6.0.2', createProgram() {} }")
    assert.equal(run(), { version: '6.0.2' })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

// ── program cache ───────────────────────────────────────────────────────────────────────────

const cache = suite('program cache')

cache('a second derivation from the same file reuses its program: no program built, no file parsed', () => {
  // Counted, not timed (the time, typically 1-3 ms, is in bench/struct.mjs): building a program
  // and parsing files is what makes a derivation slow, and the cache's counters see both.
  derive('shop.ts', 'Order')
  const before = structCacheStats()
  const customer = derive('shop.ts', 'Customer')
  const after = structCacheStats()
  assert.is(after.programsCreated, before.programsCreated, 'no new program')
  assert.is(after.filesParsed, before.filesParsed, 'no file parsed again')
  assert.is(after.programsCached, before.programsCached, 'the cached program was used, not replaced')
  assert.equal(customer.required, ['id', 'email', 'name', 'addresses', 'tags', 'marketingOptIn', 'createdAt', 'metadata'])
})

cache('a new file shares the parsed standard library and imported files', () => {
  derive('person.ts', 'Person')
  const tmp = tempDir()
  try {
    const address = JSON.stringify(path.join(FIXTURES, 'address.ts'))
    const file = tmp.write('home.ts', `import type { Address } from ${address}\nexport interface Home { address: Address }\n`)
    const before = structCacheStats()
    assert.equal(deriveStructSchema(`${file}#Home`, {}).properties, { address: ADDRESS })
    const after = structCacheStats()
    assert.is(after.programsCreated, before.programsCreated + 1)
    // home.ts only: address.ts and the standard library were parsed for person.ts
    assert.is(after.filesParsed, before.filesParsed + 1)
  } finally {
    tmp.done()
  }
})

cache('an edited file is re-read, and only that file', () => {
  const tmp = tempDir()
  try {
    const file = tmp.write('edit.ts', "import type { B } from './b.ts'\nexport interface Item { a: string; b: B }\n")
    tmp.write('b.ts', 'export type B = number\n')
    assert.equal(Object.keys(deriveStructSchema(`${file}#Item`, {}).properties as object), ['a', 'b'])
    const before = structCacheStats()
    tmp.write('edit.ts', "import type { B } from './b.ts'\nexport interface Item { a: string; b: B; c: boolean }\n")
    assert.equal(Object.keys(deriveStructSchema(`${file}#Item`, {}).properties as object), ['a', 'b', 'c'])
    const after = structCacheStats()
    assert.is(after.programsCreated, before.programsCreated + 1)
    assert.is(after.filesParsed, before.filesParsed + 1)
    // an imported file counts too
    tmp.write('b.ts', 'export type B = string\n')
    assert.equal((deriveStructSchema(`${file}#Item`, {}).properties as Record<string, unknown>).b, { type: 'string' })
  } finally {
    tmp.done()
  }
})

cache('a deleted imported file is noticed', () => {
  const tmp = tempDir()
  try {
    const file = tmp.write('main.ts', "import type { B } from './b.ts'\nexport interface Item { b: B }\n")
    const imported = tmp.write('b.ts', 'export type B = number\n')
    assert.equal(deriveStructSchema(`${file}#Item`, {}).properties, { b: { type: 'number' } })
    rmSync(imported)
    assert.match(messages(() => deriveStructSchema(`${file}#Item`, {}))[0]!, 'property "b" (declared in Item at')
    assert.match(messages(() => deriveStructSchema(`${file}#Item`, {}))[0]!, 'cannot resolve the type B')
  } finally {
    tmp.done()
  }
})

cache('an edit that keeps the size and the mtime is still seen while the file is recent', () => {
  const tmp = tempDir()
  try {
    const file = tmp.write('same.ts', 'export type T = "aaa"\n')
    const { atime, mtime } = statSync(file)
    assert.equal(deriveStructSchema(`${file}#T`, {}).const, 'aaa')
    writeFileSync(file, 'export type T = "bbb"\n')
    utimesSync(file, atime, mtime)
    assert.equal(deriveStructSchema(`${file}#T`, {}).const, 'bbb')
  } finally {
    tmp.done()
  }
})

cache('an old file is trusted by its mtime and size, and an edit changes the mtime', () => {
  const tmp = tempDir()
  try {
    const file = tmp.write('old.ts', 'export type T = "aaa"\n')
    // A fixed date long past: the file is old whatever the clock says.
    const longAgo = new Date('2020-01-01T00:00:00Z')
    utimesSync(file, longAgo, longAgo)
    assert.equal(deriveStructSchema(`${file}#T`, {}).const, 'aaa')
    const before = structCacheStats()
    assert.equal(deriveStructSchema(`${file}#T`, {}).const, 'aaa')
    assert.is(structCacheStats().programsCreated, before.programsCreated)
    writeFileSync(file, 'export type T = "bbb"\n')
    assert.equal(deriveStructSchema(`${file}#T`, {}).const, 'bbb')
    assert.is(structCacheStats().programsCreated, before.programsCreated + 1)
  } finally {
    tmp.done()
  }
})

cache('keeps a bounded number of programs', () => {
  const tmp = tempDir()
  try {
    for (let i = 0; i < 20; i++) {
      const file = tmp.write(`f${i}.ts`, `export type T = ${i}\n`)
      assert.equal(deriveStructSchema(`${file}#T`, {}).const, i)
    }
    assert.ok(structCacheStats().programsCached <= 16)
  } finally {
    tmp.done()
  }
})

cache('nothing loads TypeScript until a struct schema is derived', () => {
  const code = `
    import { createRequire } from 'node:module'
    const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((f) => /node_modules[\\/]typescript[\\/]/.test(f))
    const { newJSONSchema } = await import(${JSON.stringify(path.join(root, 'api.ts'))})
    const { deriveStructSchema } = await import(${JSON.stringify(path.join(root, 'struct/index.ts'))})
    newJSONSchema({ type: 'string' })
    const before = loaded()
    deriveStructSchema(${JSON.stringify(fixture('scalars.ts', 'Name'))}, {})
    console.log(JSON.stringify([before, loaded()]))
  `
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' })
  assert.is(child.status, 0, child.stderr)
  assert.equal(JSON.parse(child.stdout.trim()), [false, true])
})

// ── command line ────────────────────────────────────────────────────────────────────────────

const cli = suite('schemavet struct')

/** Runs the command; returns its exit status and what it wrote. */
async function run(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const status = await structCommand(args, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) })
  return { status, stdout, stderr }
}

cli('prints the schema as JSON', async () => {
  const r = await run(fixture('generics.ts', 'UserPage'))
  assert.is(r.status, 0)
  assert.is(r.stderr, '')
  assert.is(r.stdout, JSON.stringify(derive('generics.ts', 'UserPage'), null, 2) + '\n')
})

cli('--out writes the file (creating directories) and prints nothing', async () => {
  const tmp = tempDir()
  try {
    const out = path.join(tmp.dir, 'schemas', 'person.json')
    const r = await run(fixture('person.ts', 'Person'), '--out', out)
    assert.equal([r.status, r.stdout, r.stderr], [0, '', ''])
    assert.equal(JSON.parse(readFileSync(out, 'utf8')), derive('person.ts', 'Person'))
  } finally {
    tmp.done()
  }
})

cli('--allow-additional-properties leaves additionalProperties out', async () => {
  const r = await run('--allow-additional-properties', fixture('objects.ts', 'FullName'))
  assert.is(r.status, 0)
  assert.equal(JSON.parse(r.stdout), derive('objects.ts', 'FullName', { allowAdditionalProperties: true }))
  assert.is('additionalProperties' in JSON.parse(r.stdout), false)
})

cli('--help prints the usage', async () => {
  const r = await run('--help')
  assert.is(r.status, 0)
  assert.match(r.stdout, 'Usage: schemavet struct <file.ts#Type> [--out FILE] [--allow-additional-properties]')
  assert.is(r.stderr, '')
})

cli('a declaration that cannot be expressed exits 2 with one line per problem', async () => {
  const r = await run(fixture('unsupported.ts', 'Several'))
  assert.is(r.status, 2)
  assert.is(r.stdout, '')
  const lines = r.stderr.trimEnd().split('\n')
  assert.is(lines.length, 4)
  assert.ok(lines.every((l) => l.startsWith(`schemavet struct: ${UNSUPPORTED}#Several, property "`)))
})

cli('a tag it does not read is a warning on stderr; the schema is still printed and the exit status 0', async () => {
  const r = await run(fixture('jsdoc.ts', 'UnknownTags'))
  assert.is(r.status, 0)
  assert.equal(JSON.parse(r.stdout), derive('jsdoc.ts', 'UnknownTags'))
  const lines = r.stderr.trimEnd().split('\n')
  assert.is(lines.length, 3)
  assert.ok(lines.every((l) => l.startsWith(`schemavet struct: warning: ${SHOWN}/jsdoc.ts#UnknownTags, property "`)), r.stderr)
  assert.match(lines[0]!, '@minlength is not a tag schemavet reads, so it was ignored (did you mean @minLength?)')
})

cli('usage errors exit 2 and point to --help', async () => {
  for (const args of [[], ['--bogus', fixture('scalars.ts', 'Name')], [`${FIXTURES}/scalars.ts`], ['a.ts#A', 'b.ts#B']]) {
    const r = await run(...args)
    assert.is(r.status, 2, args.join(' '))
    assert.is(r.stdout, '')
    assert.match(r.stderr, 'Run "schemavet struct --help" for usage.')
  }
  assert.match((await run(`${FIXTURES}/scalars.ts`)).stderr, 'names no declaration')
})

cli('an output file that cannot be written exits 2', async () => {
  const r = await run(fixture('scalars.ts', 'Name'), '--out', `${FIXTURES}/scalars.ts/out.json`)
  assert.is(r.status, 2)
  assert.match(r.stderr, `schemavet struct: cannot write ${FIXTURES}/scalars.ts/out.json`)
})

scalars.run()
objects.run()
collections.run()
enums.run()
generics.run()
recursive.run()
imports.run()
jsdoc.run()
classes.run()
constructor.run()
errors.run()
cache.run()
cli.run()
