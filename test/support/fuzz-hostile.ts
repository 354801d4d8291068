/**
 * Hostile-value mutations for the fuzz suite: a JSON datum turned into what a caller's runtime can
 * hand `validate` instead (getters that throw or answer anew on each read, Proxies, a Proxy
 * wrapping every read in a new Proxy, objects of another realm, revoked Proxies, non-enumerable
 * own properties, symbol keys, sparse arrays), each applied at one container of the datum. Also
 * a structural fingerprint that reads no getter, to see that nothing was written, and wide object
 * schemas (12+ optional names) whose generated code walks an object's keys instead of reading
 * each name.
 */
import fc from 'fast-check'
import { createContext, runInContext } from 'node:vm'
import { NAMES, json } from './fuzz-schemas.ts'

/** The kinds of mutation, by name. */
export const HOSTILE_KINDS = [
  'throwing getter',
  'fresh getter',
  'proxy',
  'proxy per read',
  'cross-realm',
  'revoked proxy',
  'non-enumerable',
  'symbol key',
  'sparse array',
] as const
export type HostileKind = (typeof HOSTILE_KINDS)[number]

/** Kinds after which the value still reads as the same JSON: the answer must be the plain datum's. */
const TRANSPARENT: ReadonlySet<HostileKind> = new Set(['fresh getter', 'proxy', 'proxy per read', 'cross-realm', 'symbol key'])

/** One mutation: its kind, the container it applies at (an index into the datum's containers, wrapped) and a choice within it. */
export interface Mutation {
  kind: HostileKind
  at: number
  pick: number
  value: unknown
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom(...HOSTILE_KINDS),
  at: fc.nat(50),
  pick: fc.nat(50),
  value: json,
})

/** Names of the wide schemas (more than the properties walk's 12), the shared names among them. */
export const WIDE_NAMES = [...NAMES, 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o']

const leaf = fc.constantFrom<unknown>(
  true,
  {},
  { type: 'string' },
  { type: 'integer', minimum: 0 },
  { type: 'array', items: { type: 'string' } },
  { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] },
  { type: ['object', 'array', 'string'] },
  { not: { type: 'null' } },
)

/**
 * Object schemas with 12 to 16 optional names (the generated tier walks such an object's own
 * keys), maybe some required (one perhaps undeclared), maybe closed, maybe with patterns; and
 * data over those names.
 */
export const wideCase = fc
  .record({
    names: fc.shuffledSubarray(WIDE_NAMES, { minLength: 12, maxLength: 16 }),
    subschemas: fc.array(leaf, { minLength: 16, maxLength: 16 }),
    required: fc.subarray([...WIDE_NAMES, 'zz'], { maxLength: 3 }),
    closed: fc.boolean(),
    patterns: fc.boolean(),
  })
  .chain(({ names, subschemas, required, closed, patterns }) => {
    const schema: Record<string, unknown> = { type: 'object', properties: Object.fromEntries(names.map((n, i) => [n, subschemas[i]])) }
    // `required` names beyond the 12 optional ones leave the walk in place.
    if (required.length > 0 && names.length - required.filter((r) => names.includes(r)).length >= 12) schema.required = required
    if (closed) schema.additionalProperties = false
    if (patterns) schema.patternProperties = { '^z': { type: 'integer' } }
    const data = fc.array(fc.dictionary(fc.constantFrom(...WIDE_NAMES, 'zz'), json, { maxKeys: 5, noNullPrototype: true }), { minLength: 1, maxLength: 3 })
    return fc.record({ dialect: fc.constant('2020-12' as const), schema: fc.constant(schema), data })
  })

/** Every object and array of `value`, in pre-order (the datum is JSON: no loops). */
function containers(value: unknown, into: object[] = []): object[] {
  if (typeof value === 'object' && value !== null) {
    into.push(value)
    for (const v of Object.values(value)) containers(v, into)
  }
  return into
}

/** Writes through a Proxy of a mutation (there should be none). */
export interface Writes {
  n: number
}

const realm = createContext({})

/** `value` behind Proxies that count writes; `fresh`: each read of an object gives a new Proxy. */
function proxied(value: unknown, writes: Writes, fresh: boolean, cache = new WeakMap<object, object>()): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (!fresh) {
    const known = cache.get(value)
    if (known !== undefined) return known
  }
  const proxy = new Proxy(value, {
    get: (t, k, r) => proxied(Reflect.get(t, k, r), writes, fresh, cache),
    set: (t, k, v) => (writes.n++, Reflect.set(t, k, v)),
    defineProperty: (t, k, d) => (writes.n++, Reflect.defineProperty(t, k, d)),
    deleteProperty: (t, k) => (writes.n++, Reflect.deleteProperty(t, k)),
    setPrototypeOf: (t, p) => (writes.n++, Reflect.setPrototypeOf(t, p)),
    preventExtensions: (t) => (writes.n++, Reflect.preventExtensions(t)),
  })
  if (!fresh) cache.set(value, proxy)
  return proxy
}

/**
 * The datum with mutation `m` applied (a copy: `datum` is not changed): the hostile value, whether
 * it still reads as the same JSON, and the write counter of its Proxies.
 */
export function mutate(datum: unknown, m: Mutation, names: readonly string[]): { value: unknown; transparent: boolean; writes: Writes } {
  const writes = { n: 0 }
  const root = { v: structuredClone(datum) }
  const all = containers(root)
  // Getters and structural changes apply inside the datum; a replacement may replace all of it.
  const replaces = m.kind === 'proxy' || m.kind === 'proxy per read' || m.kind === 'cross-realm' || m.kind === 'revoked proxy'
  const inside = replaces ? all : all.slice(1)
  if (inside.length === 0) return { value: root.v, transparent: true, writes }
  const target = inside[m.at % inside.length]! as Record<string | symbol, unknown>
  const keys = Object.keys(target)
  const key = keys.length === 0 ? undefined : keys[m.pick % keys.length]!
  let applied = true
  switch (m.kind) {
    case 'throwing getter': {
      if (key === undefined) applied = false
      else Object.defineProperty(target, key, { enumerable: true, configurable: true, get: () => { throw new Error('hostile getter') } })
      break
    }
    case 'fresh getter': {
      if (key === undefined) applied = false
      else {
        const v = target[key]
        Object.defineProperty(target, key, { enumerable: true, configurable: true, get: () => structuredClone(v) })
      }
      break
    }
    case 'proxy':
    case 'proxy per read': {
      if (key === undefined) applied = false
      else target[key] = proxied(target[key], writes, m.kind === 'proxy per read')
      break
    }
    case 'cross-realm': {
      if (key === undefined) applied = false
      else target[key] = runInContext(`(${JSON.stringify(target[key])})`, realm)
      break
    }
    case 'revoked proxy': {
      if (key === undefined) applied = false
      else {
        const p = Proxy.revocable(Array.isArray(target[key]) ? [] : {}, {})
        p.revoke()
        target[key] = p.proxy
      }
      break
    }
    case 'non-enumerable': {
      if (Array.isArray(target)) {
        applied = false
        break
      }
      // A name the schema declares, or an existing key made non-enumerable.
      const name = m.pick % 2 === 0 || key === undefined ? names[m.pick % names.length]! : key
      const value = key === name ? target[name] : m.value
      Object.defineProperty(target, name, { value, enumerable: false, writable: true, configurable: true })
      break
    }
    case 'symbol key': {
      target[Symbol(names[m.pick % names.length])] = m.value
      break
    }
    case 'sparse array': {
      if (!Array.isArray(target)) applied = false
      else if (target.length === 0 || m.pick % 2 === 0) target.length += 1 + (m.pick % 3)
      else delete target[m.pick % target.length]
      break
    }
  }
  return { value: root.v, transparent: !applied || TRANSPARENT.has(m.kind), writes }
}

/**
 * The value's structure read through descriptors only (no getter runs): keys (symbols included),
 * enumerability, accessor or data, array lengths. A revoked Proxy reads as such.
 */
export function fingerprint(value: unknown, depth = 0): string {
  if (typeof value !== 'object' || value === null) return typeof value === 'symbol' ? 'symbol' : JSON.stringify(value) ?? String(value)
  if (depth > 50) return '...'
  try {
    const parts: string[] = [Array.isArray(value) ? `[${value.length}]` : '{}']
    for (const k of Reflect.ownKeys(value)) {
      const d = Reflect.getOwnPropertyDescriptor(value, k)!
      const name = typeof k === 'symbol' ? `@${k.description}` : k
      parts.push(`${name}${d.enumerable ? '' : '~'}:${'value' in d ? fingerprint(d.value, depth + 1) : 'get'}`)
    }
    return parts.join(',') + ';'
  } catch {
    return 'unreadable'
  }
}

/** The property names a schema declares (or requires), anywhere in it. */
export function declaredNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (typeof schema !== 'object' || schema === null) return into
  const s = schema as Record<string, unknown>
  if (typeof s.properties === 'object' && s.properties !== null) for (const n of Object.keys(s.properties)) into.add(n)
  if (Array.isArray(s.required)) for (const n of s.required) if (typeof n === 'string') into.add(n)
  for (const v of Object.values(s)) declaredNames(v, into)
  return into
}
