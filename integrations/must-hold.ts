/**
 * Which schemas must hold for the value at a position of a document, read from a raw JSON Schema
 * (the early-stop checks of `streamObject` work from these). Only edges that must hold are
 * followed: `properties`, `patternProperties`, `additionalProperties`, `prefixItems`, `items`,
 * `additionalItems`, a local `$ref` (`#`, `#/pointer`, `#anchor`) and every branch of `allOf`.
 * Branches that may not apply (`anyOf`, `oneOf`, `not`, `if`, `dependentSchemas`) and references
 * it cannot resolve here (`$dynamicRef`, remote) are left out, so a position may have fewer
 * schemas than truly apply, never more.
 */
import { appendPointer, unescapePointerToken } from '../api.ts'

/** A schema object (boolean schemas are handled where they occur). */
export type SchemaObject = Record<string, unknown>

/** One schema that must hold, where it is, and the resource its references resolve in. */
export interface Entry {
  schema: SchemaObject
  /** JSON Pointer fragment of the schema (for issues). */
  loc: string
  /** The schema resource `#...` references resolve against. */
  res: SchemaObject
}

/** A size limit and where it comes from. */
export interface Limit {
  limit: number
  loc: string
}

/** Why every value at a position fails: a `false` schema applies there. */
export interface Forbidden {
  keyword: 'additionalProperties' | 'false schema'
  schemaPath: string
  /** The property name, for `additionalProperties` (its issue is reported at the object). */
  property?: string
}

/** What must hold at one position: the schemas, and the checks read from them once. */
export class Constraint {
  readonly children = new Map<string, Constraint>()
  readonly indexed = new Map<number, Constraint>()
  rest: Constraint | undefined
  readonly types: { types: string[]; loc: string }[] = []
  readonly enums: { keyword: 'enum' | 'const'; values: unknown[]; loc: string }[] = []
  readonly bounds: { keyword: string; comparison: string; limit: number; loc: string }[] = []
  maxLength: Limit | undefined
  minLength: Limit | undefined
  maxItems: Limit | undefined
  minItems: Limit | undefined
  maxProperties: Limit | undefined
  /** Positions before this index may have their own schema (tuples). */
  prefix = 0
  /** Whether an open string value can already fail here (enum/const/maxLength). */
  readonly watchesStrings: boolean

  constructor(
    readonly entries: Entry[],
    readonly forbidden: Forbidden | undefined,
  ) {
    for (const { schema: s, loc } of entries) {
      if (typeof s.type === 'string') this.types.push({ types: [s.type], loc })
      else if (Array.isArray(s.type)) this.types.push({ types: s.type.filter((t): t is string => typeof t === 'string'), loc })
      if (Array.isArray(s.enum)) this.enums.push({ keyword: 'enum', values: s.enum, loc })
      if ('const' in s) this.enums.push({ keyword: 'const', values: [s.const], loc })
      for (const [keyword, comparison] of BOUNDS) {
        if (typeof s[keyword] === 'number') this.bounds.push({ keyword, comparison, limit: s[keyword] as number, loc })
      }
      this.maxLength = tighter(this.maxLength, s.maxLength, `${loc}/maxLength`, Math.min)
      this.minLength = tighter(this.minLength, s.minLength, `${loc}/minLength`, Math.max)
      this.maxItems = tighter(this.maxItems, s.maxItems, `${loc}/maxItems`, Math.min)
      this.minItems = tighter(this.minItems, s.minItems, `${loc}/minItems`, Math.max)
      this.maxProperties = tighter(this.maxProperties, s.maxProperties, `${loc}/maxProperties`, Math.min)
      const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : undefined
      if (tuple !== undefined) this.prefix = Math.max(this.prefix, tuple.length)
    }
    this.watchesStrings = this.enums.length > 0 || this.maxLength !== undefined
  }
}

/** The numeric bound keywords and the comparison each asks for. */
const BOUNDS: [string, string][] = [['maximum', '<='], ['exclusiveMaximum', '<'], ['minimum', '>='], ['exclusiveMinimum', '>']]

/** The stricter of two limits (`pick` is `Math.min` for maxima); a non-integer value is ignored. */
function tighter(current: Limit | undefined, value: unknown, loc: string, pick: (a: number, b: number) => number): Limit | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) return current
  if (current === undefined || pick(current.limit, value) !== current.limit) return { limit: value, loc }
  return current
}

function isObject(x: unknown): x is SchemaObject {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

function hasOwn(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k)
}

/**
 * Navigates one raw schema document: `root` is the constraint at the value's root, `childOf` the
 * one below a constraint at a key or index. Constraints are memoised by the schemas they hold, so
 * the elements of an array, and recursive schemas, share theirs: work per position is constant
 * once the shapes have been seen.
 */
export class MustHold {
  readonly root: Constraint
  private readonly legacyRef: boolean
  private readonly tupleItems: boolean
  private readonly memo = new Map<string, Constraint>()
  private readonly ids = new WeakMap<object, number>()
  private lastId = 0
  /** Where each embedded resource (a subschema with `$id`) sits, for the locations of its `$ref`s. */
  private readonly resourceLocs = new WeakMap<object, string>()
  private readonly regexes = new Map<string, RegExp | null>()
  private readonly anchors = new WeakMap<SchemaObject, Map<string, Entry>>()

  constructor(schema: unknown) {
    const dialect = isObject(schema) && typeof schema.$schema === 'string' ? schema.$schema : ''
    this.legacyRef = /draft-0[4-7]/.test(dialect)
    this.tupleItems = this.legacyRef || dialect.includes('2019-09')
    this.root = isObject(schema) || typeof schema === 'boolean' ? this.constraintFor([[schema, '#', isObject(schema) ? schema : {}]]) : new Constraint([], undefined)
  }

  /** The constraint at `segment` below `c` (memoised: elements of one array share theirs). */
  childOf(c: Constraint, segment: string | number): Constraint {
    if (typeof segment === 'string') {
      let child = c.children.get(segment)
      if (child === undefined) c.children.set(segment, (child = this.navigate(c, segment)))
      return child
    }
    if (segment < c.prefix) {
      let child = c.indexed.get(segment)
      if (child === undefined) c.indexed.set(segment, (child = this.navigate(c, segment)))
      return child
    }
    return (c.rest ??= this.navigate(c, segment))
  }

  private navigate(c: Constraint, segment: string | number): Constraint {
    const found: [unknown, string, SchemaObject, string?][] = []
    for (const { schema: s, loc, res } of c.entries) {
      if (typeof segment === 'string') {
        let named = false
        let patternsKnown = true
        if (isObject(s.properties) && hasOwn(s.properties, segment)) {
          found.push([s.properties[segment], appendPointer(`${loc}/properties`, segment), res])
          named = true
        }
        if (isObject(s.patternProperties)) {
          for (const p of Object.keys(s.patternProperties)) {
            const re = this.regex(p)
            if (re === null) patternsKnown = false
            else if (re.test(segment)) {
              found.push([s.patternProperties[p], appendPointer(`${loc}/patternProperties`, p), res])
              named = true
            }
          }
        }
        // Unknown patterns might have matched: then additionalProperties would not apply.
        if (!named && patternsKnown && hasOwn(s, 'additionalProperties')) found.push([s.additionalProperties, `${loc}/additionalProperties`, res, segment])
      } else if (!this.tupleItems) {
        if (Array.isArray(s.prefixItems) && segment < s.prefixItems.length) found.push([s.prefixItems[segment], `${loc}/prefixItems/${segment}`, res])
        else if (hasOwn(s, 'items') && !Array.isArray(s.items)) found.push([s.items, `${loc}/items`, res])
      } else if (Array.isArray(s.items)) {
        if (segment < s.items.length) found.push([s.items[segment], `${loc}/items/${segment}`, res])
        else if (hasOwn(s, 'additionalItems')) found.push([s.additionalItems, `${loc}/additionalItems`, res])
      } else if (hasOwn(s, 'items')) {
        found.push([s.items, `${loc}/items`, res])
      }
    }
    return this.constraintFor(found)
  }

  /** The constraint of the schemas that all apply at one position, expanded through `$ref` and `allOf`. */
  private constraintFor(schemas: [unknown, string, SchemaObject, string?][]): Constraint {
    const entries: Entry[] = []
    let forbidden: Forbidden | undefined
    const seen = new Set<object>()
    const expand = (schema: unknown, loc: string, res: SchemaObject, property?: string): void => {
      if (schema === false) {
        forbidden ??= property === undefined ? { keyword: 'false schema', schemaPath: loc } : { keyword: 'additionalProperties', schemaPath: loc, property }
        return
      }
      if (!isObject(schema) || seen.has(schema)) return
      seen.add(schema)
      if (schema !== res && typeof schema.$id === 'string') {
        this.resourceLocs.set(schema, loc)
        res = schema
      }
      const ref = typeof schema.$ref === 'string' ? this.resolve(schema.$ref, res) : undefined
      if (ref !== undefined) expand(ref.schema, ref.loc, ref.res)
      // Before 2019-09, keywords beside $ref are ignored.
      if (this.legacyRef && typeof schema.$ref === 'string') return
      entries.push({ schema, loc, res })
      if (Array.isArray(schema.allOf)) schema.allOf.forEach((b, i) => expand(b, `${loc}/allOf/${i}`, res))
    }
    for (const [schema, loc, res, property] of schemas) expand(schema, loc, res, property)
    const key = entries.map((e) => this.idOf(e.schema)).join(',') + (forbidden === undefined ? '' : `!${forbidden.schemaPath}`)
    let c = this.memo.get(key)
    if (c === undefined) this.memo.set(key, (c = new Constraint(entries, forbidden)))
    return c
  }

  private idOf(o: object): number {
    let id = this.ids.get(o)
    if (id === undefined) this.ids.set(o, (id = ++this.lastId))
    return id
  }

  /** A local reference (`#`, `#/json/pointer`, `#anchor`) within `res`; undefined for anything else. */
  private resolve(ref: string, res: SchemaObject): { schema: unknown; loc: string; res: SchemaObject } | undefined {
    if (!ref.startsWith('#')) return undefined
    const fragment = ref.slice(1)
    const base = this.locOf(res)
    if (fragment === '') return { schema: res, loc: base, res }
    if (!fragment.startsWith('/')) {
      const e = this.anchorsOf(res).get(decodeURIComponent(fragment))
      return e === undefined ? undefined : { schema: e.schema, loc: e.loc, res }
    }
    let node: unknown = res
    for (const raw of fragment.slice(1).split('/')) {
      const segment = unescapePointerToken(decodeURIComponent(raw))
      if (typeof node !== 'object' || node === null || !hasOwn(node, segment)) return undefined
      node = (node as SchemaObject)[segment]
    }
    return { schema: node, loc: base === '#' ? `#${fragment}` : `${base}${fragment}`, res }
  }

  private locOf(res: SchemaObject): string {
    return this.resourceLocs.get(res) ?? '#'
  }

  /** `$anchor` names of a resource (not looking into embedded resources). */
  private anchorsOf(res: SchemaObject): Map<string, Entry> {
    let map = this.anchors.get(res)
    if (map !== undefined) return map
    map = new Map()
    const walk = (node: unknown, loc: string, depth: number): void => {
      if (typeof node !== 'object' || node === null || depth > 64) return
      if (!Array.isArray(node)) {
        const o = node as SchemaObject
        if (o !== res && typeof o.$id === 'string') return
        if (typeof o.$anchor === 'string' && !map!.has(o.$anchor)) map!.set(o.$anchor, { schema: o, loc, res })
      }
      for (const [k, v] of Object.entries(node)) walk(v, appendPointer(loc, k), depth + 1)
    }
    walk(res, this.locOf(res), 0)
    this.anchors.set(res, map)
    return map
  }

  private regex(pattern: string): RegExp | null {
    let re = this.regexes.get(pattern)
    if (re === undefined) {
      try {
        re = new RegExp(pattern, 'u')
      } catch {
        re = null
      }
      this.regexes.set(pattern, re)
    }
    return re
  }
}
