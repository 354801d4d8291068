/**
 * TypeScript declarations for a JSON Schema document, read from the compiled graph (what
 * `validator.root().inspect()` shows), so `$ref`s, dialects, `$id`s and documents given in
 * `schemas` resolve exactly as the runtime resolves them.
 *
 * Three types, the runtime's three sides of `applyDefaults` (see core/infer.ts, whose choices this
 * follows where the two overlap):
 * - `Data`: what a valid document is (`isValid` narrows to it), defaults not yet applied;
 * - `Input`: what `applyDefaults` takes: a required property with a `default` may be missing;
 * - `Output`: what it gives back, validated: a property whose `default` the walk always fills is
 *   present.
 *
 * Soundness first: every type admits every document the schema accepts. A schema is read per JSON
 * type (string, number, boolean, null, array, object), because object keywords constrain only
 * objects: `{ properties }` without `type` admits a string too, and the type says so. Keywords that
 * a type cannot express (`not`, string and number bounds, `dependentSchemas`, `unevaluated*`,
 * `$dynamicRef`) leave the type wider, never narrower.
 */
import { newJSONSchema } from '../api.ts'
import type { SchemaHandle, SchemaOptions, SchemaView } from '../api.ts'

/** Options of `schemaTypes`: those of the runtime that change what the schema means. */
export interface SchemaTypesOptions {
  /** The dialect of a schema without `$schema` (the runtime's default: 2020-12). */
  defaultDialect?: SchemaOptions['defaultDialect']
  /** Documents that `$ref`s name, by URI, as at run time. */
  schemas?: Record<string, unknown>
}

type Mode = 'data' | 'input' | 'output'

// ---------------------------------------------------------------------------------------------
// Type expressions

type T =
  | { k: 'any' }
  | { k: 'never' }
  | { k: 'lit'; text: string }
  | { k: 'top'; kind: number }
  | { k: 'array'; item: T }
  | { k: 'tuple'; elems: T[]; min: number; rest: T | null }
  | { k: 'object'; props: Prop[]; index: T | null }
  | { k: 'name'; name: string }
  | { k: 'or'; members: T[] }
  | { k: 'and'; members: T[] }

interface Prop {
  name: string
  type: T
  optional: boolean
  doc: string | undefined
}

const ANY: T = { k: 'any' }
const NEVER: T = { k: 'never' }
const UNDEFINED: T = { k: 'lit', text: 'undefined' }

/** The JSON types, in the order of a partition's slots. */
const KINDS = ['string', 'number', 'boolean', 'null', 'array', 'object'] as const
const STRING = 0
const NUMBER = 1
const BOOLEAN = 2
const NULL = 3
const ARRAY = 4
const OBJECT = 5

function or(members: T[]): T {
  const out: T[] = []
  for (const m of members) {
    if (m.k === 'any') return ANY
    if (m.k === 'never') continue
    for (const x of m.k === 'or' ? m.members : [m]) if (!out.some((o) => same(o, x))) out.push(x)
  }
  return out.length === 0 ? NEVER : out.length === 1 ? out[0]! : { k: 'or', members: out }
}

function and(members: T[]): T {
  const out: T[] = []
  for (const m of members) {
    if (m.k === 'never') return NEVER
    if (m.k === 'any') continue
    for (const x of m.k === 'and' ? m.members : [m]) if (!out.some((o) => same(o, x))) out.push(x)
  }
  return out.length === 0 ? ANY : out.length === 1 ? out[0]! : { k: 'and', members: out }
}

const keys = new WeakMap<T, string>()
/** Two expressions that print alike are one member of a union or intersection. */
function same(a: T, b: T): boolean {
  if (a === b) return true
  if (a.k !== b.k) return false
  let ka = keys.get(a)
  if (ka === undefined) keys.set(a, (ka = print(a, '')))
  let kb = keys.get(b)
  if (kb === undefined) keys.set(b, (kb = print(b, '')))
  return ka === kb
}

/**
 * What a schema admits, per JSON type: slot `i` is the type of the admitted values of `KINDS[i]`
 * (`any`: all of them, `never`: none), intersected with `whole` (types that cannot be split by
 * JSON type, such as a named alias). Intersections and unions of partitions go slot by slot, so
 * `{ type: 'object' }` beside `oneOf: [{ required: ['a'] }, ...]` stays an object type.
 */
interface Part {
  slots: T[]
  whole: T[]
}

const anyPart = (): Part => ({ slots: [ANY, ANY, ANY, ANY, ANY, ANY], whole: [] })
const neverPart = (): Part => ({ slots: [NEVER, NEVER, NEVER, NEVER, NEVER, NEVER], whole: [] })

function andParts(a: Part, b: Part): Part {
  return { slots: a.slots.map((s, i) => and([s, b.slots[i]!])), whole: [...a.whole, ...b.whole] }
}

function orParts(parts: Part[]): Part {
  if (parts.every((p) => p.whole.length === 0)) {
    return { slots: KINDS.map((_, i) => or(parts.map((p) => p.slots[i]!))), whole: [] }
  }
  return { slots: anyPart().slots, whole: [or(parts.map(partType))] }
}

function partType(p: Part): T {
  if (p.slots.every((s) => s.k === 'any')) return and(p.whole)
  const slots = p.slots.map((s, i): T => (s.k === 'any' ? { k: 'top', kind: i } : s))
  return and([or(slots), ...p.whole])
}

// ---------------------------------------------------------------------------------------------
// The compiled graph

interface Vertex {
  id: number
  view: SchemaView
  schema: Record<string, unknown> | boolean
  keywords: ReadonlySet<string>
  edges: { keyword: string; path: readonly (string | number)[]; target: Vertex; reference: boolean }[]
  /** Strongly connected component over every edge, and over in-place edges only. */
  scc: number
  placeScc: number
}

/** Keywords whose subschemas apply to the same value (the edges a type alias cannot defer). */
const IN_PLACE = new Set(['$ref', 'allOf', 'anyOf', 'oneOf', 'if', 'then', 'else'])

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

class Graph {
  readonly vertices: Vertex[] = []
  private readonly byObject = new Map<object, Vertex>()
  /** Components with more than one vertex or a self edge. */
  readonly cyclic = new Set<number>()
  readonly cyclicPlace = new Set<number>()

  vertex(h: SchemaHandle): Vertex {
    const view = h.inspect()
    const key = isRecord(view.schema) ? view.schema : null
    if (key !== null) {
      const known = this.byObject.get(key)
      if (known !== undefined) return known
    }
    const v: Vertex = {
      id: this.vertices.length,
      view,
      schema: key ?? view.schema === true,
      keywords: new Set(view.keywords),
      edges: [],
      scc: -1,
      placeScc: -1,
    }
    this.vertices.push(v)
    if (key !== null) this.byObject.set(key, v)
    return v
  }

  /** Walks every vertex reachable from `root` (iteratively: schemas may be deep). */
  build(root: SchemaHandle): Vertex {
    const start = this.vertex(root)
    const stack: { v: Vertex; h: SchemaHandle }[] = [{ v: start, h: root }]
    const expanded = new Set<Vertex>()
    while (stack.length > 0) {
      const { v } = stack.pop()!
      if (expanded.has(v)) continue
      expanded.add(v)
      for (const e of v.view.subschemas) {
        const target = this.vertex(e.handle)
        v.edges.push({ keyword: e.keyword, path: e.path, target, reference: e.reference })
        if (!expanded.has(target)) stack.push({ v: target, h: e.handle })
      }
    }
    this.components(false)
    this.components(true)
    return start
  }

  /** Tarjan's algorithm, iterative. */
  private components(placeOnly: boolean): void {
    const index = new Map<Vertex, number>()
    const low = new Map<Vertex, number>()
    const onStack = new Set<Vertex>()
    const stack: Vertex[] = []
    let counter = 0
    let comp = 0
    const follows = (e: Vertex['edges'][number]) => !placeOnly || (IN_PLACE.has(e.keyword) && (e.keyword !== '$ref' || e.reference))
    for (const s of this.vertices) {
      if (index.has(s)) continue
      const work: { v: Vertex; i: number }[] = [{ v: s, i: 0 }]
      index.set(s, counter)
      low.set(s, counter++)
      stack.push(s)
      onStack.add(s)
      while (work.length > 0) {
        const top = work[work.length - 1]!
        const { v } = top
        if (top.i < v.edges.length) {
          const e = v.edges[top.i++]!
          if (!follows(e)) continue
          const w = e.target
          if (!index.has(w)) {
            index.set(w, counter)
            low.set(w, counter++)
            stack.push(w)
            onStack.add(w)
            work.push({ v: w, i: 0 })
          } else if (onStack.has(w)) {
            low.set(v, Math.min(low.get(v)!, index.get(w)!))
          }
          continue
        }
        work.pop()
        if (work.length > 0) {
          const parent = work[work.length - 1]!.v
          low.set(parent, Math.min(low.get(parent)!, low.get(v)!))
        }
        if (low.get(v) === index.get(v)) {
          let size = 0
          let w: Vertex
          do {
            w = stack.pop()!
            onStack.delete(w)
            if (placeOnly) w.placeScc = comp
            else w.scc = comp
            size++
          } while (w !== v)
          const selfLoop = v.edges.some((e) => e.target === v && follows(e))
          if (size > 1 || selfLoop) (placeOnly ? this.cyclicPlace : this.cyclic).add(comp)
          comp++
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Names

const RESERVED = new Set(['Data', 'Input', 'Output'])

/** A type name from a `$defs` key or a location token: PascalCase identifier characters. */
function identifier(raw: string): string {
  const words = raw.split(/[^A-Za-z0-9_$]+/).filter((w) => w.length > 0)
  let name = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')
  if (name === '') name = 'Schema'
  if (/^[0-9]/.test(name)) name = '_' + name
  return name
}

class Names {
  private readonly used = new Set<string>(RESERVED)
  take(wanted: string): string {
    let name = wanted
    for (let i = 2; this.used.has(name); i++) name = wanted + i
    this.used.add(name)
    return name
  }
  reserve(name: string): void {
    this.used.add(name)
  }
}

/** A readable base name for a vertex from its location (`#/definitions/foo` → `Foo`). */
function locationName(location: string): string {
  const hash = location.indexOf('#')
  const fragment = hash >= 0 ? location.slice(hash + 1) : ''
  const tokens = fragment
    .split('/')
    .filter((t) => t.length > 0)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
  const skip = new Set(['$defs', 'definitions', 'properties', 'items', 'prefixItems', 'allOf', 'anyOf', 'oneOf', 'additionalProperties', 'patternProperties'])
  const meaningful = tokens.filter((t) => !skip.has(t) && !/^[0-9]+$/.test(t))
  if (meaningful.length > 0) return identifier(meaningful[meaningful.length - 1]!)
  const doc = hash >= 0 ? location.slice(0, hash) : location
  const file = doc.replace(/[?#].*$/, '').replace(/\/+$/, '').split('/').pop() ?? ''
  return identifier(file.replace(/\.(schema\.)?json$/, '') || 'Schema')
}

// ---------------------------------------------------------------------------------------------
// From the graph to types

interface Alias {
  name: string
  vertex: Vertex
  mode: Mode
  body: T | undefined
  doc: string | undefined
}

const WRAPPER_ROOT = 'schemavet-types:/root'

class Typer {
  readonly aliases: Alias[] = []
  private readonly aliasOf = new Map<string, Alias>()
  /** Vertices that are the target of a static `$ref`: written as named aliases. */
  private readonly named = new Set<Vertex>()
  /** Whether a `default` is reachable from the vertex (its Input and Output types differ from Data). */
  private readonly modal: boolean[]
  private readonly expanding = new Set<Vertex>()
  readonly names = new Names()

  constructor(
    readonly graph: Graph,
    readonly root: Vertex,
  ) {
    for (const v of graph.vertices) for (const e of v.edges) if (e.keyword === '$ref' && e.reference) this.named.add(e.target)
    // Components come out of Tarjan's algorithm successors first: one pass settles reachability.
    const byComp = new Map<number, Vertex[]>()
    for (const v of graph.vertices) {
      const list = byComp.get(v.scc) ?? []
      list.push(v)
      byComp.set(v.scc, list)
    }
    const compModal = new Map<number, boolean>()
    for (const c of [...byComp.keys()].sort((a, b) => a - b)) {
      let m = false
      for (const v of byComp.get(c)!) {
        if (isRecord(v.schema) && Object.prototype.hasOwnProperty.call(v.schema, 'default')) m = true
        for (const e of v.edges) if (e.target.scc !== c && compModal.get(e.target.scc) === true) m = true
      }
      compModal.set(c, m)
    }
    this.modal = graph.vertices.map((v) => compModal.get(v.scc) === true)
  }

  /** The alias for a vertex on one side; made (and queued) on first use. */
  alias(v: Vertex, mode: Mode, wanted?: string): Alias {
    const m: Mode = this.modal[v.id] ? mode : 'data'
    const key = v.id + ':' + m
    const known = this.aliasOf.get(key)
    if (known !== undefined) return known
    const base = wanted ?? locationName(v.view.location)
    const name = this.names.take(m === 'data' ? base : base + (m === 'input' ? 'Input' : 'Output'))
    const a: Alias = { name, vertex: v, mode: m, body: undefined, doc: docOf(v.schema) }
    this.aliases.push(a)
    this.aliasOf.set(key, a)
    return a
  }

  /** A preset name for a vertex's alias (`Data` for the root). */
  preset(v: Vertex, mode: Mode, name: string): Alias {
    const m: Mode = this.modal[v.id] ? mode : 'data'
    const key = v.id + ':' + m
    const known = this.aliasOf.get(key)
    if (known !== undefined) return known
    this.names.reserve(name)
    const a: Alias = { name, vertex: v, mode: m, body: undefined, doc: docOf(v.schema) }
    this.aliases.push(a)
    this.aliasOf.set(key, a)
    return a
  }

  isModal(v: Vertex): boolean {
    return this.modal[v.id]!
  }

  /** Fills every queued alias's body (aliases met while typing are queued behind). */
  settle(): void {
    for (let i = 0; i < this.aliases.length; i++) {
      const a = this.aliases[i]!
      if (a.body !== undefined) continue
      this.expanding.add(a.vertex)
      a.body = partType(this.part(a.vertex, a.mode, a.vertex.placeScc))
      this.expanding.delete(a.vertex)
    }
  }

  /** The type of a subschema applied to a child value (a property, an item): a name if it has one. */
  child(v: Vertex, mode: Mode): T {
    if (v.schema === true) return ANY
    if (v.schema === false) return NEVER
    if (this.named.has(v) || v === this.root) return { k: 'name', name: this.alias(v, mode).name }
    if (this.expanding.has(v)) return ANY // a schema object that contains itself (built in code)
    this.expanding.add(v)
    const t = partType(this.part(v, mode, null))
    this.expanding.delete(v)
    return t
  }

  /**
   * A subschema applied in place (`$ref`, `allOf`, a branch). A named target is its alias unless
   * the alias being written reaches it again in place (`type A = B | ...; type B = A & ...` is a
   * circular alias in TypeScript): then it is written out, and a vertex met again on that path
   * admits anything there, which is sound (an intersection or union with it loses nothing valid).
   */
  private inPlace(v: Vertex, mode: Mode, owner: number | null): Part {
    if (v.schema === true) return anyPart()
    if (v.schema === false) return neverPart()
    const named = this.named.has(v) || v === this.root
    if (named && !(owner !== null && v.placeScc === owner && this.graph.cyclicPlace.has(owner))) {
      return { slots: anyPart().slots, whole: [{ k: 'name', name: this.alias(v, mode).name }] }
    }
    if (this.expanding.has(v)) return anyPart()
    this.expanding.add(v)
    const p = this.part(v, mode, owner)
    this.expanding.delete(v)
    return p
  }

  /** The partition of one schema object on side `mode`. */
  part(v: Vertex, mode: Mode, owner: number | null): Part {
    if (v.schema === true) return anyPart()
    if (v.schema === false) return neverPart()
    const s = v.schema
    const kw = v.keywords
    // Which JSON types `type` admits (an integer is a number: `integer` narrows nothing here).
    const admitted = [true, true, true, true, true, true]
    let integerOnly = false
    if (kw.has('type')) {
      const list = (Array.isArray(s.type) ? s.type : [s.type]).filter((t): t is string => typeof t === 'string')
      if (v.view.dialect === 'openapi-3.0' && s.nullable === true) list.push('null')
      admitted.fill(false)
      for (const t of list) {
        const i = t === 'integer' ? NUMBER : KINDS.indexOf(t as (typeof KINDS)[number])
        if (i >= 0) admitted[i] = true
      }
      integerOnly = list.includes('integer') && !list.includes('number')
    }
    let values: unknown[] | undefined
    if (kw.has('const') && Object.prototype.hasOwnProperty.call(s, 'const')) values = [s.const]
    else if (kw.has('enum') && Array.isArray(s.enum)) values = s.enum
    if (values !== undefined) {
      // The values are the whole answer: whatever else the schema says can only drop some.
      const slots: T[][] = [[], [], [], [], [], []]
      for (const x of values) {
        const i = kindOf(x)
        if (i < 0 || !admitted[i]) continue
        if (i === NUMBER && integerOnly && !Number.isInteger(x)) continue
        slots[i]!.push({ k: 'lit', text: literal(x) })
      }
      return { slots: slots.map((l) => or(l)), whole: [] }
    }
    let p: Part = {
      slots: admitted.map((ok, i) => (!ok ? NEVER : i === ARRAY ? this.arrayOf(v, mode) : i === OBJECT ? this.objectOf(v, mode) : ANY)),
      whole: [],
    }
    const branchMode: Mode = mode === 'output' ? 'data' : mode
    const groups = new Map<string, Vertex[]>()
    let ifV: Vertex | undefined
    let thenV: Vertex | undefined
    let elseV: Vertex | undefined
    for (const e of v.edges) {
      if (e.keyword === '$ref' && e.reference) p = andParts(p, this.inPlace(e.target, mode, owner))
      else if (e.keyword === 'allOf') p = andParts(p, this.inPlace(e.target, mode, owner))
      else if (e.keyword === 'anyOf' || e.keyword === 'oneOf') {
        const g = groups.get(e.keyword) ?? []
        g.push(e.target)
        groups.set(e.keyword, g)
      } else if (e.keyword === 'if') ifV = e.target
      else if (e.keyword === 'then') thenV = e.target
      else if (e.keyword === 'else') elseV = e.target
    }
    // A branch of a union may not be the one `applyDefaults` filled: its defaults are not promised.
    for (const g of groups.values()) p = andParts(p, orParts(g.map((b) => this.inPlace(b, branchMode, owner))))
    if (ifV !== undefined && (thenV !== undefined || elseV !== undefined)) {
      // Valid data meets `if` and `then`, or fails `if` and meets `else`. A failed `if` has no
      // type, so without `else` nothing narrows; without `then`, `if` itself stands for its side.
      if (elseV !== undefined) {
        const cond = this.inPlace(ifV, branchMode, owner)
        const yes = thenV === undefined ? cond : andParts(cond, this.inPlace(thenV, branchMode, owner))
        p = andParts(p, orParts([yes, this.inPlace(elseV, branchMode, owner)]))
      }
    }
    return p
  }

  private arrayOf(v: Vertex, mode: Mode): T {
    const s = v.schema as Record<string, unknown>
    const tuple: T[] = []
    let rest: T | null = ANY
    let fromItemsArray = false
    let sawTuple = false
    let items: Vertex | undefined
    let additional: Vertex | undefined
    for (const e of v.edges) {
      if ((e.keyword === 'prefixItems' || e.keyword === 'items') && typeof e.path[0] === 'number') {
        tuple[e.path[0]] = this.child(e.target, mode)
        sawTuple = true
        if (e.keyword === 'items') fromItemsArray = true
      } else if (e.keyword === 'items' && e.path.length === 0) items = e.target
      else if (e.keyword === 'additionalItems') additional = e.target
    }
    // `additionalItems` counts only beside an `items` array (in the dialects that have both).
    const restV = fromItemsArray ? additional : items
    if (restV !== undefined) rest = restV.schema === false ? null : this.child(restV, mode)
    if (!sawTuple) return rest === null ? { k: 'tuple', elems: [], min: 0, rest: null } : rest.k === 'any' ? ANY : { k: 'array', item: rest }
    for (let i = 0; i < tuple.length; i++) tuple[i] ??= ANY
    const min = v.keywords.has('minItems') && typeof s.minItems === 'number' ? Math.min(Math.ceil(s.minItems), tuple.length) : 0
    return { k: 'tuple', elems: tuple, min, rest }
  }

  private objectOf(v: Vertex, mode: Mode): T {
    const s = v.schema as Record<string, unknown>
    const required = new Set<string>()
    if (v.keywords.has('required') && Array.isArray(s.required)) for (const r of s.required) if (typeof r === 'string') required.add(r)
    const props: Prop[] = []
    const seen = new Set<string>()
    const patterns: T[] = []
    let additional: T | null = ANY
    for (const e of v.edges) {
      if (e.keyword === 'properties' && typeof e.path[0] === 'string') {
        const name = e.path[0]
        if (seen.has(name)) continue
        seen.add(name)
        const target = e.target
        const filled = mode !== 'data' && this.filled(target, new Set())
        const isRequired = required.has(name)
        const optional = mode === 'data' ? !isRequired : mode === 'input' ? !isRequired || filled : !(isRequired || filled)
        props.push({ name, type: this.child(target, mode), optional, doc: docOf(target.schema) })
      } else if (e.keyword === 'patternProperties') patterns.push(this.child(e.target, mode))
      else if (e.keyword === 'additionalProperties') additional = e.target.schema === false ? null : this.child(e.target, mode)
    }
    // An index signature must admit every declared property's type as well (TypeScript's rule, and
    // a name matching a pattern answers to the pattern's schema, not to `additionalProperties`).
    // Under strictNullChecks an optional property's type includes `undefined`, which the index must
    // then admit too (absent from JSON, so nothing valid is lost and nothing invalid gained).
    const optionalOnes = props.some((p) => p.optional)
    const index =
      additional === null && patterns.length === 0
        ? null
        : or([additional ?? NEVER, ...patterns, ...props.map((p) => p.type), optionalOnes ? UNDEFINED : NEVER])
    for (const name of required) {
      if (seen.has(name)) continue
      // Required but not declared: its value is whatever the index admits (none: no valid object).
      props.push({ name, type: index ?? NEVER, optional: false, doc: undefined })
    }
    return props.length === 0 && index?.k === 'any' ? ANY : { k: 'object', props, index }
  }

  /**
   * Whether `applyDefaults` always fills this property when missing: its schema has a `default`
   * that its dialect reads (draft-07 and older ignore one beside `$ref`), or its `$ref` target has.
   * A default that holds objects, in a schema that reaches itself, is not promised: the walk leaves
   * a slot missing rather than fill the same default inside itself again.
   */
  private filled(v: Vertex, seen: Set<Vertex>): boolean {
    if (!isRecord(v.schema) || seen.has(v)) return false
    seen.add(v)
    const s = v.schema
    const refOverrides = ['draft-04', 'draft-06', 'draft-07', 'openapi-3.0'].includes(v.view.dialect)
    const ref = v.edges.find((e) => e.keyword === '$ref' && e.reference)
    if (Object.prototype.hasOwnProperty.call(s, 'default') && !(refOverrides && ref !== undefined)) {
      return typeof s.default !== 'object' || s.default === null || !this.graph.cyclic.has(v.scc)
    }
    return ref !== undefined && this.filled(ref.target, seen)
  }
}

function kindOf(x: unknown): number {
  if (x === null) return NULL
  if (Array.isArray(x)) return ARRAY
  switch (typeof x) {
    case 'string':
      return STRING
    case 'number':
      return Number.isFinite(x) ? NUMBER : -1
    case 'boolean':
      return BOOLEAN
    case 'object':
      return OBJECT
    default:
      return -1
  }
}

/** A JSON value as a TypeScript literal type. */
function literal(x: unknown): string {
  if (x === null || typeof x === 'boolean') return String(x)
  if (typeof x === 'number') return Object.is(x, -0) ? '0' : String(x)
  if (typeof x === 'string') return JSON.stringify(x)
  if (Array.isArray(x)) return '[' + x.map(literal).join(', ') + ']'
  if (isRecord(x)) {
    const keys = Object.keys(x)
    return keys.length === 0 ? '{}' : '{ ' + keys.map((k) => propertyKey(k) + ': ' + literal(x[k])).join('; ') + ' }'
  }
  return 'unknown'
}

function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name)
}

function docOf(schema: unknown): string | undefined {
  if (!isRecord(schema)) return undefined
  const parts: string[] = []
  if (typeof schema.title === 'string' && schema.title.trim() !== '') parts.push(schema.title.trim())
  if (typeof schema.description === 'string' && schema.description.trim() !== '' && schema.description.trim() !== parts[0]) {
    parts.push(schema.description.trim())
  }
  return parts.length === 0 ? undefined : parts.join('\n\n')
}

function jsdoc(doc: string | undefined, indent: string): string {
  if (doc === undefined) return ''
  // `*/` would end the comment early.
  const lines = doc.replace(/\*\//g, '*\\/').split(/\r?\n/)
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`
  return `${indent}/**\n${lines.map((l) => `${indent} *${l === '' ? '' : ' ' + l}`).join('\n')}\n${indent} */\n`
}

// ---------------------------------------------------------------------------------------------
// Printing

const TOPS = ['string', 'number', 'boolean', 'null', 'unknown[]', '{ [key: string]: unknown }']

function print(t: T, indent: string): string {
  switch (t.k) {
    case 'any':
      return 'unknown'
    case 'never':
      return 'never'
    case 'lit':
      return t.text
    case 'top':
      return TOPS[t.kind]!
    case 'name':
      return t.name
    case 'array':
      return wrap(t.item, indent, 'postfix') + '[]'
    case 'tuple': {
      const elems = t.elems.map((e, i) => {
        const text = print(e, indent)
        return i < t.min ? text : wrap(e, indent, 'postfix') + '?'
      })
      if (t.rest !== null) elems.push('...' + wrap(t.rest, indent, 'postfix') + '[]')
      return '[' + elems.join(', ') + ']'
    }
    case 'object': {
      if (t.props.length === 0) return t.index === null ? '{}' : `{ [key: string]: ${print(t.index, indent)} }`
      const inner = indent + '  '
      const lines = t.props.map((p) => `${jsdoc(p.doc, inner)}${inner}${propertyKey(p.name)}${p.optional ? '?' : ''}: ${print(p.type, inner)}`)
      if (t.index !== null) lines.push(`${inner}[key: string]: ${print(t.index, inner)}`)
      return '{\n' + lines.join('\n') + '\n' + indent + '}'
    }
    case 'or':
      return t.members.map((m) => wrap(m, indent, 'or')).join(' | ')
    case 'and':
      return t.members.map((m) => wrap(m, indent, 'and')).join(' & ')
  }
}

/** Parentheses where precedence needs them (`(A | B)[]`, `(A | B) & C`). */
function wrap(t: T, indent: string, context: 'postfix' | 'and' | 'or'): string {
  const text = print(t, indent)
  const needs = t.k === 'or' ? context !== 'or' : t.k === 'and' ? context === 'postfix' : false
  return needs ? `(${text})` : text
}

// ---------------------------------------------------------------------------------------------
// The entry

/**
 * The declarations of a schema, as the body of a `.d.ts` module: exported `Data`, `Input` and
 * `Output`, and one exported type per entry of the root's `$defs` and `definitions` (named after
 * the key as a PascalCase identifier, a number appended on a clash; `NameInput` and `NameOutput`
 * beside it where a `default` below makes the sides differ), with JSDoc from `title` and
 * `description`. Other `$ref` targets become exported aliases too (recursion needs a name).
 * Compiles the schema with the runtime's own compile (so a schema it refuses throws its
 * `SchemaError`); never changes the schema.
 */
export function schemaTypes(schema: unknown, options: SchemaTypesOptions = {}): string {
  const compileOptions: SchemaOptions = {}
  if (options.defaultDialect !== undefined) compileOptions.defaultDialect = options.defaultDialect
  if (options.schemas !== undefined) compileOptions.schemas = options.schemas
  const plain = newJSONSchema(schema, compileOptions)
  const defs = definitionsOf(schema)
  let graph = new Graph()
  let root = graph.build(plain.root())
  const defVertices: { key: string; vertex: Vertex }[] = []
  if (defs.length > 0) {
    // Definitions no `$ref` reaches are not in the compiled graph: compile a wrapper that
    // references each one, with the schema registered as a document (read in its own dialect).
    const uri = WRAPPER_ROOT
    const wrapper = { anyOf: [{ $ref: uri }, ...defs.map((d) => ({ $ref: uri + '#/' + d.keyword + '/' + escapeToken(d.key) }))] }
    try {
      const whole = newJSONSchema(wrapper, { ...compileOptions, schemas: { ...options.schemas, [uri]: schema } })
      const g = new Graph()
      const top = g.build(whole.root())
      const targets = top.edges.filter((e) => e.keyword === 'anyOf').map((e) => e.target.edges.find((x) => x.keyword === '$ref')?.target)
      if (targets.every((t) => t !== undefined)) {
        graph = g
        root = targets[0]!
        defs.forEach((d, i) => defVertices.push({ key: d.key, vertex: targets[i + 1]! }))
      }
    } catch {
      // The schema's own `$id` clashing with the wrapper's documents: the referenced
      // definitions still get their types below, from the plain compile.
    }
  }
  const typer = new Typer(graph, root)
  const rootDefault = isRecord(root.schema) && Object.prototype.hasOwnProperty.call(root.schema, 'default')
  const data = typer.preset(root, 'data', 'Data')
  const input = typer.isModal(root) ? typer.preset(root, 'input', rootDefault ? 'InputDefined' : 'Input') : data
  const output = typer.isModal(root) ? typer.preset(root, 'output', 'Output') : data
  for (const d of defVertices) {
    if (d.vertex === root) continue
    const name = typer.alias(d.vertex, 'data', identifier(d.key)).name
    if (typer.isModal(d.vertex)) {
      typer.alias(d.vertex, 'input', name)
      typer.alias(d.vertex, 'output', name)
    }
  }
  typer.settle()
  const out: string[] = []
  const rootDoc = docOf(root.schema)
  for (const a of typer.aliases) {
    out.push(`${jsdoc(a.doc, '')}export type ${a.name} = ${print(a.body!, '')}\n`)
  }
  if (input === data) out.push(`${jsdoc(rootDoc, '')}export type Input = ${rootDefault ? 'Data | undefined' : 'Data'}\n`)
  else if (rootDefault) out.push(`${jsdoc(rootDoc, '')}export type Input = ${input.name} | undefined\n`)
  if (output === data) out.push(`${jsdoc(rootDoc, '')}export type Output = Data\n`)
  return out.join('\n')
}

function escapeToken(t: string): string {
  return encodeURIComponent(t.replace(/~/g, '~0').replace(/\//g, '~1')).replace(/%24/g, '$')
}

function definitionsOf(schema: unknown): { keyword: string; key: string }[] {
  if (!isRecord(schema)) return []
  const out: { keyword: string; key: string }[] = []
  for (const keyword of ['$defs', 'definitions']) {
    const m = schema[keyword]
    if (isRecord(m)) for (const key of Object.keys(m)) out.push({ keyword, key })
  }
  return out
}
