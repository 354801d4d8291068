/**
 * The shape of a compiled schema, kind by kind: for each JSON kind a value may have (null,
 * boolean, number, string, array, object), what the schema says about values of that kind.
 * Built from the public graph view (`SchemaHandle.inspect()`), never from raw JSON, so `$ref`s,
 * dialects and cycles are the kernel's. A shape always accepts at least every value the schema
 * accepts: where the schema says more than a shape can hold (`not`, `if`, overlapping union
 * branches), the shape is looser and the converter lists what it dropped.
 */
import type { SchemaHandle, SchemaView } from '../api.ts'

export type Kind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object'
export const KINDS: readonly Kind[] = ['null', 'boolean', 'number', 'string', 'array', 'object']

/** A constraint value with the schema path of the keyword it came from. */
export interface Sourced<T> {
  value: T
  src: string
}

/** A child shape, built on first use so recursive schemas make a finite graph. */
export interface Lazy {
  get(): Shape
}

export interface KindShape {
  /** Only these values (primitive kinds only); from `enum` / `const`. */
  enum?: { values: unknown[]; srcs: string[] }
  integer?: Sourced<true>
  num: Partial<Record<'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'multipleOf', Sourced<number>>>
  str: { minLength?: Sourced<number>; maxLength?: Sourced<number>; pattern?: Sourced<string>; format?: Sourced<string> }
  arr: { prefix: (Lazy | false | undefined)[]; items: Lazy | false | undefined; minItems?: Sourced<number>; maxItems?: Sourced<number> }
  /** Declared properties; `required` names; extra keys' values (`false`: none allowed; undefined: any). */
  obj: { props: Map<string, Lazy>; required: Map<string, string[]>; additional: Lazy | false | undefined; closedSrc?: string; additionalSrc?: string }
}

export interface Shape {
  readonly id: number
  /** Where it comes from (the first schema location), for messages and lost entries. */
  loc: string
  kinds: Map<Kind, KindShape>
  /** `type` keywords this shape enforces when every kind is written out. */
  typeSrcs: string[]
  /** Unions whose branches have disjoint kinds: kept when the kinds are written as a union. */
  unionSrcs: string[]
  /** Constraints the shape holds only in part (an enum with object values): never counted as kept. */
  looseSrcs: string[]
  title?: string
  description?: string
}

/** Constraint keywords: what `lost` and the kept share count (structure like `properties` is walked, not counted). */
export const CONSTRAINTS = new Set([
  'type', 'enum', 'const', 'required', 'additionalProperties', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems',
  'uniqueItems', 'contains', 'minContains', 'maxContains', 'minProperties', 'maxProperties', 'propertyNames',
  'patternProperties', 'dependentRequired', 'dependentSchemas', 'dependencies', 'not', 'anyOf', 'oneOf', 'if',
  'unevaluatedProperties', 'unevaluatedItems', 'additionalItems', 'contentEncoding', 'contentMediaType', 'nullable',
])

const fixed = (s: Shape): Lazy => ({ get: () => s })

function emptyKind(): KindShape {
  return { num: {}, str: {}, arr: { prefix: [], items: undefined }, obj: { props: new Map(), required: new Map(), additional: undefined } }
}

function kindOf(v: unknown): Kind | undefined {
  if (v === null) return 'null'
  switch (typeof v) {
    case 'boolean': return 'boolean'
    case 'number': return 'number'
    case 'string': return 'string'
    case 'object': return Array.isArray(v) ? 'array' : 'object'
  }
  return undefined
}
export { kindOf }

/** Builds shapes for one schema; `budget` bounds the shapes merges may create. */
export class ShapeBuilder {
  private next = 0
  private byLocation = new Map<string, Shape>()
  private conjMemo = new Map<string, Shape>()
  private disjMemo = new Map<string, Shape>()
  private inPlace = new Set<string>()
  private budget: number
  /** Every constraint keyword reachable, `location/keyword`, for the kept share. */
  readonly universe = new Set<string>()
  private walked = new Set<string>()

  constructor(budget = 20_000) {
    this.budget = budget
  }

  private make(loc: string): Shape {
    this.budget--
    return { id: this.next++, loc, kinds: new Map(KINDS.map((k) => [k, emptyKind()])), typeSrcs: [], unionSrcs: [], looseSrcs: [] }
  }

  /** A shape that accepts every value and says nothing. */
  any(loc: string): Shape {
    return this.make(loc)
  }

  /** Whether the shape accepts everything and holds no constraint (sent as JSON text). */
  static isAny(s: Shape): boolean {
    if (s.kinds.size !== KINDS.length) return false
    for (const k of s.kinds.values()) {
      if (k.enum || k.integer || Object.keys(k.num).length || Object.keys(k.str).length) return false
      if (k.arr.prefix.length || k.arr.items !== undefined || k.arr.minItems || k.arr.maxItems) return false
      if (k.obj.props.size || k.obj.required.size || k.obj.additional !== undefined) return false
    }
    return true
  }

  /** Records the constraint keywords of every schema reachable from `h`. */
  survey(h: SchemaHandle): void {
    const stack = [h]
    while (stack.length) {
      const x = stack.pop()!
      const v = x.inspect()
      if (this.walked.has(v.location)) continue
      this.walked.add(v.location)
      for (const k of v.keywords) if (CONSTRAINTS.has(k) && !(k === 'additionalProperties' && isTrivial(v, k))) this.universe.add(`${v.location}/${k}`)
      for (const e of v.subschemas) stack.push(e.handle)
    }
  }

  /** The shape of a compiled schema (one per location). */
  of(h: SchemaHandle): Shape {
    const found = this.byLocation.get(h.location)
    if (found) return found
    if (this.inPlace.has(h.location)) return this.any(h.location) // an in-place cycle: the kernel reports it at run time
    this.inPlace.add(h.location)
    try {
      const s = this.build(h)
      this.byLocation.set(h.location, s)
      return s
    } finally {
      this.inPlace.delete(h.location)
    }
  }

  private lazy(h: SchemaHandle): Lazy {
    let s: Shape | undefined
    return { get: () => (s ??= this.of(h)) }
  }

  private build(h: SchemaHandle): Shape {
    const v = h.inspect()
    const s = this.make(v.location)
    const raw = v.schema
    if (raw === false) {
      s.kinds.clear()
      return s
    }
    if (raw === true || typeof raw !== 'object' || raw === null) return s
    const schema = raw as Record<string, unknown>
    const at = (k: string) => `${v.location}/${k}`
    const has = (k: string) => v.keywords.includes(k)
    if (typeof schema.title === 'string') s.title = schema.title
    if (typeof schema.description === 'string') s.description = schema.description

    if (has('type')) {
      const t = schema.type
      const list = (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string')
      const allowed = new Set<Kind>()
      let integerOnly = false
      for (const name of list) {
        if (name === 'integer') {
          if (!list.includes('number')) integerOnly = true
          allowed.add('number')
        } else if ((KINDS as readonly string[]).includes(name)) allowed.add(name as Kind)
      }
      if (schema.nullable === true && allowed.size) allowed.add('null')
      for (const k of [...s.kinds.keys()]) if (!allowed.has(k)) s.kinds.delete(k)
      if (integerOnly && s.kinds.has('number')) s.kinds.get('number')!.integer = { value: true, src: at('type') }
      s.typeSrcs.push(at('type'))
    }
    const restrict = (values: unknown[], src: string) => {
      if (values.some((x) => typeof x === 'object' && x !== null)) s.looseSrcs.push(src)
      for (const [k, ks] of [...s.kinds]) {
        const mine = values.filter((x) => kindOf(x) === k && (k !== 'number' || !ks.integer || Number.isInteger(x)))
        if (mine.length === 0) s.kinds.delete(k)
        else if (k !== 'array' && k !== 'object') ks.enum = { values: mine, srcs: [src] }
      }
    }
    if (has('enum') && Array.isArray(schema.enum)) restrict(schema.enum, at('enum'))
    if (has('const') && 'const' in schema) restrict([schema.const], at('const'))

    const num = s.kinds.get('number')
    if (num) {
      for (const k of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const) {
        if (has(k) && typeof schema[k] === 'number') num.num[k] = { value: schema[k] as number, src: at(k) }
      }
      // draft-04 wrote exclusiveness as a flag on minimum / maximum
      if (schema.exclusiveMaximum === true && num.num.maximum) num.num.exclusiveMaximum = num.num.maximum, delete num.num.maximum
      if (schema.exclusiveMinimum === true && num.num.minimum) num.num.exclusiveMinimum = num.num.minimum, delete num.num.minimum
    }
    const str = s.kinds.get('string')
    if (str) {
      for (const k of ['minLength', 'maxLength'] as const) if (has(k) && typeof schema[k] === 'number') str.str[k] = { value: schema[k] as number, src: at(k) }
      if (has('pattern') && typeof schema.pattern === 'string') str.str.pattern = { value: schema.pattern, src: at('pattern') }
      if (has('format') && typeof schema.format === 'string') str.str.format = { value: schema.format, src: at('format') }
    }
    const arr = s.kinds.get('array')
    if (arr) {
      for (const k of ['minItems', 'maxItems'] as const) if (has(k) && typeof schema[k] === 'number') arr.arr[k] = { value: schema[k] as number, src: at(k) }
    }
    const obj = s.kinds.get('object')
    if (obj && has('required') && Array.isArray(schema.required)) {
      for (const name of schema.required) if (typeof name === 'string') obj.obj.required.set(name, [at('required')])
    }

    // Child edges: properties, items and the like, lazily.
    const pattern: SchemaHandle[] = []
    let additional: SchemaHandle | undefined
    const prefix: SchemaHandle[] = []
    let items: SchemaHandle | undefined
    const conj: SchemaHandle[] = []
    const unions: { keyword: string; branches: SchemaHandle[] }[] = []
    for (const e of v.subschemas) {
      switch (e.keyword) {
        case 'properties':
          if (obj) obj.obj.props.set(String(e.path[0]), this.lazy(e.handle))
          break
        case 'patternProperties':
          pattern.push(e.handle)
          break
        case 'additionalProperties':
          additional = e.handle
          break
        case 'prefixItems':
          prefix[e.path[0] as number] = e.handle
          break
        case 'items':
          if (e.path.length) prefix[e.path[0] as number] = e.handle
          else items = e.handle
          break
        case 'additionalItems':
          if (Array.isArray(schema.items)) items = e.handle
          break
        case 'allOf':
        case '$ref':
        case '$dynamicRef':
        case '$recursiveRef':
          if (e.reference || e.keyword === 'allOf') conj.push(e.handle)
          break
        case 'anyOf':
        case 'oneOf': {
          let u = unions.find((x) => x.keyword === e.keyword)
          if (!u) unions.push((u = { keyword: e.keyword, branches: [] }))
          u.branches.push(e.handle)
          break
        }
      }
    }
    if (obj) {
      if (additional) {
        const av = additional.inspect()
        if (av.schema === false) {
          obj.obj.additional = false
          obj.obj.closedSrc = at('additionalProperties')
        } else if (additional.asserts) {
          obj.obj.additional = this.lazy(additional)
          obj.obj.additionalSrc = at('additionalProperties')
        }
      }
      if (pattern.length && obj.obj.additional !== undefined) {
        // extras may match a pattern instead: they take the union of what each allows
        const alts = [...pattern, ...(additional && additional.inspect().schema !== false ? [additional] : [])]
        obj.obj.additional = alts.every((x) => x.asserts) ? { get: () => alts.map((x) => this.of(x)).reduce((a, b) => this.disj(a, b)) } : undefined
        delete obj.obj.closedSrc
        delete obj.obj.additionalSrc
      }
    }
    if (arr) {
      arr.arr.prefix = prefix.map((x) => this.lazy(x))
      if (items) items.inspect().schema === false ? (arr.arr.items = false) : items.asserts && (arr.arr.items = this.lazy(items))
    }
    let out = s
    for (const c of conj) out = this.conj(out, this.of(c))
    for (const u of unions) {
      const shapes = u.branches.map((b) => this.of(b))
      let merged = shapes[0]!
      for (const b of shapes.slice(1)) merged = this.disj(merged, b)
      if (disjointKinds(shapes)) {
        merged = this.clone(merged)
        merged.unionSrcs.push(at(u.keyword))
      }
      out = this.conj(out, merged)
    }
    if (out !== s && (s.title !== undefined || s.description !== undefined)) {
      out = this.clone(out)
      if (s.title !== undefined) out.title = s.title
      if (s.description !== undefined) out.description = s.description
    }
    return out
  }

  /** A copy to annotate, so shapes shared through `$ref` stay as they are. */
  private clone(x: Shape): Shape {
    const c = this.make(x.loc)
    c.kinds = x.kinds
    c.typeSrcs = [...x.typeSrcs]
    c.unionSrcs = [...x.unionSrcs]
    c.looseSrcs = [...x.looseSrcs]
    if (x.title !== undefined) c.title = x.title
    if (x.description !== undefined) c.description = x.description
    return c
  }

  /** Values both shapes accept (allOf, `$ref` beside keywords). */
  conj(a: Shape, b: Shape): Shape {
    if (a === b) return a
    if (ShapeBuilder.isAny(b)) return a
    if (ShapeBuilder.isAny(a)) return b
    const key = `${a.id}&${b.id}`
    const memo = this.conjMemo.get(key)
    if (memo) return memo
    if (this.budget <= 0) return a
    const s = this.make(a.loc)
    this.conjMemo.set(key, s)
    s.kinds.clear()
    s.title = a.title ?? b.title
    s.description = a.description ?? b.description
    s.typeSrcs = uniq(a.typeSrcs, b.typeSrcs)
    s.unionSrcs = uniq(a.unionSrcs, b.unionSrcs)
    s.looseSrcs = uniq(a.looseSrcs, b.looseSrcs)
    for (const [k, x] of a.kinds) {
      const y = b.kinds.get(k)
      if (!y) continue
      const z = emptyKind()
      if (x.enum && y.enum) z.enum = { values: x.enum.values.filter((v) => y.enum!.values.includes(v)), srcs: uniq(x.enum.srcs, y.enum.srcs) }
      else z.enum = x.enum ?? y.enum
      if (z.enum && z.enum.values.length === 0) continue
      z.integer = x.integer ?? y.integer
      z.num = { ...y.num, ...x.num }
      z.str = { ...y.str, ...x.str }
      z.arr = {
        prefix: Array.from({ length: Math.max(x.arr.prefix.length, y.arr.prefix.length) }, (_, i) => this.conjLazy(x.arr.prefix[i] ?? x.arr.items, y.arr.prefix[i] ?? y.arr.items)),
        items: this.conjLazy(x.arr.items, y.arr.items),
        minItems: x.arr.minItems ?? y.arr.minItems,
        maxItems: x.arr.maxItems ?? y.arr.maxItems,
      }
      const props = new Map<string, Lazy>()
      for (const [n, p] of x.obj.props) {
        const q = this.conjLazy(p, y.obj.props.get(n) ?? y.obj.additional)
        if (q) props.set(n, q)
      }
      for (const [n, p] of y.obj.props) {
        const q = x.obj.props.has(n) ? undefined : this.conjLazy(p, x.obj.additional)
        if (q) props.set(n, q)
      }
      const required = new Map(x.obj.required)
      for (const [n, srcs] of y.obj.required) required.set(n, uniq(required.get(n) ?? [], srcs))
      z.obj = { props, required, additional: this.conjLazy(x.obj.additional, y.obj.additional), closedSrc: x.obj.closedSrc ?? y.obj.closedSrc }
      // a schema for extra values holds as written when the other side says nothing of them
      const additionalSrc = y.obj.additional === undefined ? x.obj.additionalSrc : x.obj.additional === undefined ? y.obj.additionalSrc : undefined
      if (additionalSrc !== undefined) z.obj.additionalSrc = additionalSrc
      s.kinds.set(k, z)
    }
    return s
  }

  /** `false` (nothing), undefined (anything) or a shape, intersected. */
  private conjLazy(a: Lazy | false | undefined, b: Lazy | false | undefined): Lazy | false | undefined {
    if (a === false || b === false) return false
    if (a === undefined) return b
    if (b === undefined) return a
    let s: Shape | undefined
    return { get: () => (s ??= this.conj(a.get(), b.get())) }
  }

  /** Values either shape accepts (anyOf, oneOf): each kind from the branch that has it, else loosened. */
  disj(a: Shape, b: Shape): Shape {
    if (a === b) return a
    const key = `${a.id}|${b.id}`
    const memo = this.disjMemo.get(key)
    if (memo) return memo
    if (this.budget <= 0 || ShapeBuilder.isAny(a) || ShapeBuilder.isAny(b)) return this.any(a.loc)
    const s = this.make(a.loc)
    this.disjMemo.set(key, s)
    s.kinds.clear()
    const shared = [...a.kinds.keys()].some((k) => b.kinds.has(k))
    // a type is enforced by the union only where each branch enforces one
    s.typeSrcs = a.kinds.size < KINDS.length && b.kinds.size < KINDS.length ? uniq(a.typeSrcs, b.typeSrcs) : []
    s.unionSrcs = shared ? [] : uniq(a.unionSrcs, b.unionSrcs)
    s.looseSrcs = uniq(a.looseSrcs, b.looseSrcs)
    for (const k of KINDS) {
      const x = a.kinds.get(k)
      const y = b.kinds.get(k)
      if (!x || !y) {
        const only = x ?? y
        if (only) s.kinds.set(k, only)
        continue
      }
      const z = emptyKind()
      if (x.enum && y.enum) z.enum = { values: [...new Set([...x.enum.values, ...y.enum.values])], srcs: [] }
      if (x.integer && y.integer) z.integer = { value: true, src: x.integer.src }
      // numbers, strings: keep only what both branches say alike
      for (const n of Object.keys(x.num) as (keyof KindShape['num'])[]) if (y.num[n]?.value === x.num[n]!.value) z.num[n] = { value: x.num[n]!.value, src: '' }
      for (const n of Object.keys(x.str) as (keyof KindShape['str'])[]) if (y.str[n]?.value === x.str[n]!.value) (z.str as Record<string, Sourced<unknown>>)[n] = { value: x.str[n]!.value, src: '' }
      const len = Math.max(x.arr.prefix.length, y.arr.prefix.length)
      z.arr = {
        prefix: Array.from({ length: len }, (_, i) => this.disjLazy(x.arr.prefix[i] ?? x.arr.items, y.arr.prefix[i] ?? y.arr.items)),
        items: this.disjLazy(x.arr.items, y.arr.items),
      }
      const props = new Map<string, Lazy>()
      const names = new Set([...x.obj.props.keys(), ...y.obj.props.keys()])
      for (const n of names) {
        const p = this.disjLazy(x.obj.props.get(n) ?? x.obj.additional, y.obj.props.get(n) ?? y.obj.additional)
        if (p === undefined) props.set(n, fixed(this.any(a.loc)))
        else if (p !== false) props.set(n, p)
      }
      const required = new Map<string, string[]>()
      for (const n of x.obj.required.keys()) if (y.obj.required.has(n)) required.set(n, [])
      z.obj = { props, required, additional: this.disjLazy(x.obj.additional, y.obj.additional) }
      s.kinds.set(k, z)
    }
    return s
  }

  private disjLazy(a: Lazy | false | undefined, b: Lazy | false | undefined): Lazy | false | undefined {
    if (a === undefined || b === undefined) return undefined
    if (a === false) return b
    if (b === false) return a
    let s: Shape | undefined
    return { get: () => (s ??= this.disj(a.get(), b.get())) }
  }
}

function uniq(a: readonly string[], b: readonly string[]): string[] {
  if (b.length === 0) return [...a]
  if (a.length === 0) return [...b]
  return [...new Set([...a, ...b])]
}

function isTrivial(v: SchemaView, k: string): boolean {
  const x = (v.schema as Record<string, unknown>)[k]
  return x === true || (typeof x === 'object' && x !== null && Object.keys(x).length === 0)
}

function disjointKinds(shapes: Shape[]): boolean {
  const seen = new Set<Kind>()
  for (const s of shapes) {
    if (s.kinds.size === KINDS.length) return false
    for (const k of s.kinds.keys()) {
      if (seen.has(k)) return false
      seen.add(k)
    }
  }
  return true
}
