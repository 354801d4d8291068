/**
 * The value languages of a compiled schema, read from the kernel's graph (`SchemaHandle.inspect`),
 * never from raw JSON: `$ref`s, dialects and recursion are the kernel's. A node stands for a
 * conjunction of subschemas (a schema with its `allOf` members and `$ref` targets flattened into
 * it); its language is a union of alternatives (from `anyOf` / `oneOf`, distributed over the
 * rest), a list of literals (`enum` / `const`), or a value of some JSON kinds, each kind with
 * what the grammar can say of it. Every keyword said only in part is listed in `lost`, and the
 * language is then a superset of the schema's (never a subset of it, except where `lost` says
 * it accepts fewer texts: never fewer values `serialize` writes).
 */
import type { SchemaHandle, SchemaView } from '../api.ts'
import { ANY_CHAR, EMPTY, Irregular, MAX_WRITTEN, alt, fromFormat, fromPattern, isNever, notIn, rep, seq, text } from './content.ts'
import type { CExpr } from './content.ts'
import { automaton, labels } from './automaton.ts'
import type { Region } from './automaton.ts'

export type Kind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object'
export const KINDS: readonly Kind[] = ['null', 'boolean', 'number', 'string', 'array', 'object']

/** A node, built on first use so recursive schemas make a finite graph. */
export interface Ref {
  readonly id: number
  get(): VNode
}

export interface NumSpec {
  integer: boolean
  /** Integer bounds, inclusive (integers only). */
  lo?: number
  hi?: number
  /** Non-integers between integer bounds (either may be infinite), each bound inclusive or not. */
  range?: { lo: number; loEx: boolean; hi: number; hiEx: boolean }
}

export interface ArrSpec {
  prefix: Ref[]
  /** Items after the prefix; null: none. */
  items: Ref | null
  min: number
  max: number
}

export interface ObjProp {
  name: string
  value: Ref
  required: boolean
}

/** Extra members of one key language; the languages of an object's extra members are disjoint. */
export interface ExtraMember {
  key: CExpr
  value: Ref
}

export interface ObjSpec {
  props: ObjProp[]
  /** Extra members after the declared ones: their keys and values; null: none. */
  extra: ExtraMember[] | null
  /** Members at least (`minProperties`): 1 whatever the members, more only where all are extra. */
  min?: number
  /** Members at most (`maxProperties`), only where all are extra. */
  max?: number
}

export type VNode =
  | { k: 'never' }
  | { k: 'union'; alts: Ref[] }
  | { k: 'lits'; values: unknown[] }
  | { k: 'typed'; kinds: Set<Kind>; num: NumSpec; str: CExpr | undefined; arr: ArrSpec; obj: ObjSpec }

export interface Lost {
  keyword: string
  schemaPath: string
  how: string
}

/** Keywords that say nothing a grammar must hold (annotations, structure walked elsewhere). */
const HANDLED = new Set([
  'type', 'enum', 'const', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength',
  'pattern', 'format', 'items', 'prefixItems', 'additionalItems', 'minItems', 'maxItems', 'properties', 'required',
  'additionalProperties', 'patternProperties', 'allOf', 'anyOf', 'oneOf', '$ref', '$dynamicRef', '$recursiveRef', 'nullable',
  'unevaluatedProperties',
])

/** Keywords that assert nothing (annotations), whatever the dialect. */
const ANNOTATIONS = new Set([
  'title', 'description', 'default', 'examples', 'example', 'deprecated', 'readOnly', 'writeOnly', '$comment', 'contentMediaType',
  'contentEncoding', 'contentSchema', 'discriminator', 'xml', 'externalDocs',
])

interface Member {
  v: SchemaView
  h: SchemaHandle
}

const MAX_ITEMS = MAX_WRITTEN

/** Patterns of one object sorted into key regions (up to 2^n labels, bounded by the automaton's states). */
const MAX_PATTERNS = 6

/** Builds the nodes of one schema; `budget` bounds the nodes distribution may add (the size bound). */
export class ShapeBuilder {
  private next = 0
  private memo = new Map<string, Ref>()
  private lostKeys = new Set<string>()
  readonly lost: Lost[] = []
  private budget: number

  constructor(
    budget: number,
    private readonly formatsAsserted: boolean,
  ) {
    this.budget = budget
  }

  /** Whether some entry of `lost` widens the language (the grammar then accepts invalid texts). */
  widened = false

  /** Records a keyword held in part; `narrows`: the grammar accepts fewer texts there, never more. */
  private lose(schemaPath: string, keyword: string, how: string, narrows = false): void {
    if (!narrows) this.widened = true
    const key = `${schemaPath}\u0000${keyword}\u0000${how}`
    if (this.lostKeys.has(key)) return
    this.lostKeys.add(key)
    this.lost.push({ keyword, schemaPath, how })
  }

  /** How many nodes exist (each is a handful of rules). */
  get nodes(): number {
    return this.next
  }

  /** The node of a conjunction of subschemas, minus the unions already distributed (`done`). */
  ref(handles: readonly SchemaHandle[], done: readonly string[] = []): Ref {
    const locs = [...new Set(handles.map((h) => h.location))].sort()
    const key = `${locs.join('\u0001')}|${[...done].sort().join('\u0001')}`
    const known = this.memo.get(key)
    if (known) return known
    let node: VNode | undefined
    let building = false
    const r: Ref = {
      id: this.next++,
      get: () => {
        if (node) return node
        // an in-place cycle (no input consumed): the kernel refuses those; stay total anyway
        if (building) return ANY_NODE
        building = true
        try {
          return (node = this.build(handles, new Set(done)))
        } finally {
          building = false
        }
      },
    }
    this.memo.set(key, r)
    return r
  }

  private build(handles: readonly SchemaHandle[], done: Set<string>): VNode {
    // Flatten allOf and references into one list of members.
    const members: Member[] = []
    const seen = new Set<string>()
    const stack = [...handles].reverse()
    while (stack.length) {
      const h = stack.pop()!
      if (seen.has(h.location)) continue
      seen.add(h.location)
      const v = h.inspect()
      if (v.schema === false) return NEVER_NODE
      if (v.schema === true || typeof v.schema !== 'object' || v.schema === null || !h.asserts) continue
      members.push({ v, h })
      const inner: SchemaHandle[] = []
      for (const e of v.subschemas) {
        if (e.keyword === 'allOf' || (e.keyword === '$ref' && e.reference)) inner.push(e.handle)
        // the target of a dynamic reference depends on the path taken: left out (any value)
        else if ((e.keyword === '$dynamicRef' || e.keyword === '$recursiveRef') && e.reference) this.lose(v.location, e.keyword, 'the dynamic target is not followed: any value there')
      }
      for (let i = inner.length - 1; i >= 0; i--) stack.push(inner[i]!)
    }
    if (members.length === 0) return ANY_NODE

    // Unions: the first not yet distributed is distributed over the rest of the conjunction.
    for (const m of members) {
      for (const kw of ['anyOf', 'oneOf']) {
        const key = `${m.v.location}/${kw}`
        if (done.has(key) || !m.v.keywords.includes(kw)) continue
        const branches = m.v.subschemas.filter((e) => e.keyword === kw).map((e) => e.handle)
        const nextDone = [...done, key]
        const restTrivial = members.length === 1 && !hasOwnFacts(m.v, nextDone)
        let alts: Ref[]
        if (restTrivial) alts = branches.map((b) => this.ref([b]))
        else if (this.budget - branches.length >= 0) {
          this.budget -= branches.length
          alts = branches.map((b) => this.ref([...handles, b], nextDone))
        } else {
          this.lose(m.v.location, kw, 'not distributed over its sibling keywords (grammar size bound): the union is left out')
          done.add(key)
          continue
        }
        if (kw === 'oneOf' && !this.disjoint(alts)) this.lose(m.v.location, kw, 'exclusivity not expressed: a value matching two branches is accepted')
        return { k: 'union', alts }
      }
    }
    return this.merge(members)
  }

  /** Whether no value fits two alternatives (checked on kinds and on literal discriminators). */
  private disjoint(alts: Ref[]): boolean {
    const nodes = alts.map((a) => a.get())
    for (let i = 0; i < nodes.length; i++) for (let j = i + 1; j < nodes.length; j++) if (!disjointPair(nodes[i]!, nodes[j]!)) return false
    return true
  }

  private merge(members: Member[]): VNode {
    const kinds = new Set<Kind>(KINDS)
    let integer = false
    let enumValues: unknown[] | undefined
    const num: { min?: number; exMin?: number; max?: number; exMax?: number } = {}
    let minLength = 0
    let maxLength = Infinity
    const contents: { expr: CExpr; src: string; kw: string }[] = []
    const arr = { prefix: [] as SchemaHandle[][], items: [] as SchemaHandle[], closedAt: Infinity, min: 0, max: Infinity }
    const names: string[] = []
    const propHandles = new Map<string, SchemaHandle[]>()
    const required = new Set<string>()
    const perMember: { props: Set<string>; patterns: { re: RegExp; h: SchemaHandle; src: string }[]; additional: SchemaHandle | undefined; loc: string }[] = []
    let unevaluated: { h: SchemaHandle; loc: string } | undefined
    let inexactApplicators = false
    const counts = { min: 0, max: Infinity, minAt: '', maxAt: '' }
    const negated = { names: new Set<string>(), kinds: new Set<Kind>() }

    for (const { v } of members) {
      const s = v.schema as Record<string, unknown>
      const at = v.location
      const has = (k: string) => v.keywords.includes(k)
      for (const k of v.keywords) {
        if (HANDLED.has(k) || ANNOTATIONS.has(k)) continue
        if (k === 'format' || k === 'uniqueItems' && s.uniqueItems === false) continue
        if ((k === 'minProperties' && s.minProperties === 0) || (k === 'minContains' && !has('contains'))) continue
        if ((k === 'minProperties' || k === 'maxProperties') && typeof s[k] === 'number' && Number.isFinite(s[k])) {
          // written below where the members allow it, listed there where they do not
          if (k === 'minProperties' && Math.ceil(s[k] as number) > counts.min) Object.assign(counts, { min: Math.ceil(s[k] as number), minAt: at })
          if (k === 'maxProperties' && Math.floor(s[k] as number) < counts.max) Object.assign(counts, { max: Math.floor(s[k] as number), maxAt: at })
          continue
        }
        if (k === 'not') {
          const held = negation(v)
          if (held === 'never') return NEVER_NODE
          if (held) {
            for (const name of held.names) negated.names.add(name)
            for (const kind of held.kinds) negated.kinds.add(kind)
            continue
          }
        }
        if (k === 'dependentRequired' || k === 'dependentSchemas' || k === 'dependencies' || k === 'if' || k === 'not' || k === 'propertyNames' || k === 'then' || k === 'else') inexactApplicators = true
        this.lose(at, k, 'not expressed in the grammar')
      }
      if (has('type')) {
        const list = (Array.isArray(s.type) ? s.type : [s.type]).filter((x): x is string => typeof x === 'string')
        const allowed = new Set<Kind>()
        let intOnly = false
        for (const t of list) {
          if (t === 'integer') {
            allowed.add('number')
            if (!list.includes('number')) intOnly = true
          } else if ((KINDS as readonly string[]).includes(t)) allowed.add(t as Kind)
        }
        if (s.nullable === true && has('nullable')) allowed.add('null')
        for (const k of [...kinds]) if (!allowed.has(k)) kinds.delete(k)
        if (intOnly) integer = true
      }
      const restrict = (values: unknown[]) => {
        enumValues = enumValues === undefined ? [...values] : enumValues.filter((x) => values.some((y) => jsonEqual(x, y)))
      }
      if (has('enum') && Array.isArray(s.enum)) restrict(s.enum)
      if (has('const') && 'const' in s) restrict([s.const])
      // numbers
      const n = (k: string) => (has(k) && typeof s[k] === 'number' && Number.isFinite(s[k]) ? (s[k] as number) : undefined)
      const draft4Ex = (k: string) => s[k] === true
      const minimum = n('minimum')
      const maximum = n('maximum')
      if (minimum !== undefined) {
        if (draft4Ex('exclusiveMinimum')) num.exMin = Math.max(num.exMin ?? -Infinity, minimum)
        else num.min = Math.max(num.min ?? -Infinity, minimum)
      }
      if (maximum !== undefined) {
        if (draft4Ex('exclusiveMaximum')) num.exMax = Math.min(num.exMax ?? Infinity, maximum)
        else num.max = Math.min(num.max ?? Infinity, maximum)
      }
      const exMin = n('exclusiveMinimum')
      const exMax = n('exclusiveMaximum')
      if (exMin !== undefined) num.exMin = Math.max(num.exMin ?? -Infinity, exMin)
      if (exMax !== undefined) num.exMax = Math.min(num.exMax ?? Infinity, exMax)
      const multipleOf = n('multipleOf')
      if (multipleOf !== undefined) {
        if (multipleOf === 1) integer = true
        else if (!(Number.isInteger(multipleOf) && multipleOf > 0 && kinds.has('number') && false)) this.lose(at, 'multipleOf', 'not expressed in the grammar')
      }
      // strings
      const ml = n('minLength')
      const xl = n('maxLength')
      if (ml !== undefined) minLength = Math.max(minLength, Math.ceil(ml))
      if (xl !== undefined) maxLength = Math.min(maxLength, Math.floor(xl))
      if (has('pattern') && typeof s.pattern === 'string') {
        try {
          const t = fromPattern(s.pattern)
          if (t.widened) this.lose(at, 'pattern', `a repetition bound above ${MAX_WRITTEN} is written unbounded`)
          contents.push({ expr: t.expr, src: at, kw: 'pattern' })
        } catch (e) {
          this.lose(at, 'pattern', `not regular or not read here (${e instanceof Irregular ? e.message : 'unsupported syntax'}): any string`)
        }
      }
      if (has('format') && typeof s.format === 'string' && this.formatsAsserted) {
        const f = fromFormat(s.format)
        if (f) contents.push({ expr: f.expr, src: at, kw: 'format' })
        else this.lose(at, 'format', `format ${JSON.stringify(s.format)} has no grammar here: any string`)
        if (f?.partial) this.lose(at, 'format', `${f.partial} (fewer texts accepted, never more)`, true)
        if (f?.wider) this.lose(at, 'format', f.wider)
      }
      // arrays
      const itemsOf = (kw: string) => v.subschemas.filter((e) => e.keyword === kw)
      const prefixEdges = [...itemsOf('prefixItems'), ...(Array.isArray(s.items) ? itemsOf('items') : [])]
      const restEdges = Array.isArray(s.items) ? itemsOf('additionalItems') : itemsOf('items').filter((e) => e.path.length === 0)
      const myPrefix: SchemaHandle[] = []
      for (const e of prefixEdges) myPrefix[e.path[0] as number] = e.handle
      const myRest = restEdges[0]?.handle
      // keyword positions this member constrains: prefix i is prefix[i], else its rest
      const len = Math.max(arr.prefix.length, myPrefix.length)
      for (let i = 0; i < len; i++) {
        arr.prefix[i] ??= [...arr.items]
        const h = myPrefix[i] ?? myRest
        if (h) arr.prefix[i]!.push(h)
        else if (i >= myPrefix.length && myPrefix.length && !myRest) {
          /* an open tail: anything */
        }
      }
      if (myRest) arr.items.push(myRest)
      else if (myPrefix.length === 0 && !has('items') && !has('prefixItems')) {
        /* no array keywords */
      }
      const mi = n('minItems')
      const xi = n('maxItems')
      if (mi !== undefined) arr.min = Math.max(arr.min, Math.ceil(mi))
      if (xi !== undefined) arr.max = Math.min(arr.max, Math.floor(xi))
      if (has('uniqueItems') && s.uniqueItems === true) {
        /* listed above with the other unexpressed keywords */
      }
      // objects
      const mine = { props: new Set<string>(), patterns: [] as { re: RegExp; h: SchemaHandle; src: string }[], additional: undefined as SchemaHandle | undefined, loc: at }
      for (const e of v.subschemas) {
        if (e.keyword === 'properties') {
          const name = String(e.path[0])
          mine.props.add(name)
          if (!propHandles.has(name)) {
            propHandles.set(name, [])
            names.push(name)
          }
          propHandles.get(name)!.push(e.handle)
        } else if (e.keyword === 'patternProperties') {
          try {
            mine.patterns.push({ re: new RegExp(String(e.path[0]), 'u'), h: e.handle, src: String(e.path[0]) })
          } catch {
            mine.patterns.push({ re: new RegExp(String(e.path[0])), h: e.handle, src: String(e.path[0]) })
          }
        } else if (e.keyword === 'additionalProperties') mine.additional = e.handle
        else if (e.keyword === 'unevaluatedProperties') unevaluated = { h: e.handle, loc: at }
      }
      // a properties keyword the view lists without subschemas (all `true`) still declares names
      if (has('properties') && typeof s.properties === 'object' && s.properties !== null) {
        for (const name of Object.keys(s.properties)) {
          mine.props.add(name)
          if (!propHandles.has(name)) {
            propHandles.set(name, [])
            names.push(name)
          }
        }
      }
      perMember.push(mine)
      if (has('required') && Array.isArray(s.required)) for (const r of s.required) if (typeof r === 'string') required.add(r)
    }
    for (const r of required) {
      if (!propHandles.has(r)) {
        propHandles.set(r, [])
        names.push(r)
      }
    }
    for (const kind of negated.kinds) kinds.delete(kind)
    // a name `not: {required: [name]}` forbids is no member, and no extra key either
    for (const name of negated.names) {
      if (!propHandles.has(name)) {
        propHandles.set(name, [])
        names.push(name)
      }
    }
    if (integer) kinds.has('number') || (integer = false)

    if (enumValues !== undefined) {
      const ok = enumValues.filter((x) => {
        const k = kindOf(x)
        if (k === undefined || !kinds.has(k)) return false
        if (k === 'number') {
          const v = x as number
          if (integer && !Number.isInteger(v)) return false
          if ((num.min !== undefined && v < num.min) || (num.max !== undefined && v > num.max)) return false
          if ((num.exMin !== undefined && v <= num.exMin) || (num.exMax !== undefined && v >= num.exMax)) return false
        }
        if (k === 'string') {
          const l = [...(x as string)].length
          if (l < minLength || l > maxLength) return false
          for (const c of contents) if (c.kw === 'pattern' && !cached(c.expr).test(x as string)) return false
        }
        if (k === 'array' && ((x as unknown[]).length < arr.min || (x as unknown[]).length > arr.max)) return false
        if (k === 'object' && [...required].some((r) => !Object.hasOwn(x as object, r))) return false
        return true
      })
      const structural = ok.some((x) => typeof x === 'object' && x !== null)
      if (structural && (names.length || arr.prefix.length || arr.items.length)) {
        for (const m of members) if (m.v.keywords.includes('enum') || m.v.keywords.includes('const')) this.lose(m.v.location, m.v.keywords.includes('enum') ? 'enum' : 'const', 'object and array literals are not checked against the sibling keywords')
      }
      return ok.length ? { k: 'lits', values: ok } : NEVER_NODE
    }

    // numbers
    const spec: NumSpec = { integer }
    if (kinds.has('number')) {
      const lower = Math.max(num.min ?? -Infinity, num.exMin ?? -Infinity)
      const upper = Math.min(num.max ?? Infinity, num.exMax ?? Infinity)
      const src = members.find((m) => ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].some((k) => m.v.keywords.includes(k)))?.v.location ?? ''
      if (integer) {
        const lo = num.exMin !== undefined && num.exMin >= (num.min ?? -Infinity) ? Math.floor(num.exMin) + 1 : Math.ceil(lower)
        const hi = num.exMax !== undefined && num.exMax <= (num.max ?? Infinity) ? Math.ceil(num.exMax) - 1 : Math.floor(upper)
        if (lo > hi) kinds.delete('number')
        if (Number.isFinite(lo) && Math.abs(lo) <= 1e15) spec.lo = lo
        else if (Number.isFinite(lo)) this.lose(src, 'minimum', 'a bound beyond 1e15 is not written')
        if (Number.isFinite(hi) && Math.abs(hi) <= 1e15) spec.hi = hi
        else if (Number.isFinite(hi)) this.lose(src, 'maximum', 'a bound beyond 1e15 is not written')
      } else if (lower !== -Infinity || upper !== Infinity) {
        const loEx = num.exMin !== undefined && num.exMin >= (num.min ?? -Infinity)
        const hiEx = num.exMax !== undefined && num.exMax <= (num.max ?? Infinity)
        const writable = (b: number) => !Number.isFinite(b) || (Number.isInteger(b) && Math.abs(b) <= 1e15)
        if (lower > upper || (lower === upper && (loEx || hiEx))) kinds.delete('number')
        else if (writable(lower) && writable(upper)) spec.range = { lo: lower, loEx, hi: upper, hiEx }
        else this.lose(src, lower !== -Infinity && !writable(lower) ? (loEx ? 'exclusiveMinimum' : 'minimum') : hiEx ? 'exclusiveMaximum' : 'maximum', 'a bound on a non-integer number other than a whole number is not expressed')
      }
    }

    // strings
    let str: CExpr | undefined
    if (kinds.has('string')) {
      const lengthSrc = members.find((m) => m.v.keywords.includes('minLength') || m.v.keywords.includes('maxLength'))?.v.location ?? ''
      const bounded = minLength > 0 || maxLength !== Infinity
      if (maxLength !== Infinity && maxLength > MAX_WRITTEN) this.lose(lengthSrc, 'maxLength', `a length above ${MAX_WRITTEN} is not written`)
      if (minLength > MAX_WRITTEN) this.lose(lengthSrc, 'minLength', `a length above ${MAX_WRITTEN} is not written`)
      const lo = minLength > MAX_WRITTEN ? 0 : minLength
      const hi = maxLength > MAX_WRITTEN ? Infinity : maxLength
      if (contents.length === 0) str = bounded ? rep(ANY_CHAR, lo, hi) : undefined
      else {
        str = contents[0]!.expr
        for (const c of contents.slice(1)) this.lose(c.src, c.kw, `only one of the string constraints is written (${contents[0]!.kw} at ${contents[0]!.src})`)
        if (bounded) {
          const both = withLength(str, lo, hi)
          if (both) str = both
          else this.lose(lengthSrc, minLength > 0 ? 'minLength' : 'maxLength', `not combined with ${contents[0]!.kw}`)
        }
      }
      if (str && isNever(str)) kinds.delete('string')
    }

    // arrays
    const arrSpec: ArrSpec = { prefix: [], items: null, min: arr.min, max: arr.max }
    if (kinds.has('array')) {
      arrSpec.prefix = arr.prefix.map((hs) => this.ref(hs.length ? hs : []))
      arrSpec.items = this.ref(arr.items)
      if (arrSpec.max !== Infinity && arrSpec.max > MAX_ITEMS) {
        this.lose(members[0]!.v.location, 'maxItems', `a bound above ${MAX_ITEMS} is not written`)
        arrSpec.max = Infinity
      }
      if (arrSpec.min > MAX_ITEMS) {
        this.lose(members[0]!.v.location, 'minItems', `a bound above ${MAX_ITEMS} is not written`)
        arrSpec.min = 0
      }
      if (arrSpec.min > arrSpec.max) kinds.delete('array')
    }

    // objects
    const objSpec: ObjSpec = { props: [], extra: null }
    if (kinds.has('object')) {
      let impossible = false
      for (const name of names) {
        const hs = [...propHandles.get(name)!]
        for (const m of perMember) {
          if (m.props.has(name)) continue
          const matched = m.patterns.filter((p) => p.re.test(name))
          for (const p of matched) hs.push(p.h)
          if (!matched.length && m.additional) hs.push(m.additional)
        }
        // declared names matching a pattern of their own member hold that pattern's schema too
        for (const m of perMember) if (m.props.has(name)) for (const p of m.patterns) if (p.re.test(name)) hs.push(p.h)
        const value = this.ref(hs)
        const isReq = required.has(name)
        if (negated.names.has(name) || value.get().k === 'never') {
          if (isReq) impossible = true
          continue
        }
        objSpec.props.push({ name, value, required: isReq })
      }
      if (impossible) kinds.delete('object')
      // extra members: every member must allow them; their values hold each member's schema for extras
      const extraValues: SchemaHandle[] = []
      let closed = false
      let keyExpr: CExpr | undefined
      let approx: SchemaHandle[] | undefined
      let regions: ExtraMember[] | undefined
      for (const m of perMember) {
        const addClosed = m.additional !== undefined && m.additional.inspect().schema === false
        if (m.patterns.length) {
          if (addClosed && m.patterns.length === 1 && perMember.length === 1 && !names.some((n) => m.patterns[0]!.re.test(n))) {
            try {
              keyExpr = fromPattern(m.patterns[0]!.src).expr
              extraValues.push(m.patterns[0]!.h)
              continue
            } catch {
              /* approximated below */
            }
          }
          // the only member that says anything of extra keys (a $ref's wrapper, an allOf part
          // without patterns or additionalProperties lets them all through)
          if (perMember.filter((x) => x.patterns.length || x.additional).length === 1 && m.patterns.length <= MAX_PATTERNS) {
            regions = this.regions(m, names, addClosed)
            if (regions) continue
          }
          if (!addClosed && !m.additional) {
            // extras that match no pattern take anything, and so (approximately) do those that match
            this.lose(m.loc, 'patternProperties', 'extra keys are not matched to their patterns: an extra value takes any value')
            continue
          }
          this.lose(m.loc, 'patternProperties', 'extra keys are not matched to their patterns: an extra value takes any one of the pattern schemas or additionalProperties')
          approx = [...(approx ?? []), ...m.patterns.map((p) => p.h), ...(m.additional && !addClosed ? [m.additional] : [])]
          continue
        }
        if (addClosed) closed = true
        else if (m.additional) extraValues.push(m.additional)
      }
      // which properties count as evaluated depends on the subschemas that pass, in place and
      // adjacent: not followed here, so unevaluatedProperties is left out (extras stay open)
      if (unevaluated && unevaluated.h.asserts) this.lose(unevaluated.loc, 'unevaluatedProperties', 'not expressed: extra keys take any value')
      void inexactApplicators
      if (!closed) {
        const value = approx ? this.union(approx.map((h) => this.ref([...extraValues, h]))) : this.ref(extraValues)
        if (regions) objSpec.extra = regions.length ? regions : null
        else if (value.get().k !== 'never') objSpec.extra = [{ key: keyExpr ?? (names.length ? notIn(names) : rep(ANY_CHAR, 0, Infinity)), value }]
      }
      this.counts(objSpec, counts, kinds)
      // one extra member at most has nothing to repeat
      if (objSpec.extra && kinds.has('object') && !(objSpec.props.length === 0 && objSpec.max !== undefined && objSpec.max <= 1)) {
        this.lose(members[0]!.v.location, 'additionalProperties', 'extra keys are written as a repetition: a key may repeat (duplicate keys)')
      }
    }
    return { k: 'typed', kinds, num: spec, str, arr: arrSpec, obj: objSpec }
  }

  /**
   * `minProperties` / `maxProperties` on the members: written where the count is a count of one
   * repetition (every member extra) or only asks for a member at all (a minimum of 1); met by the
   * required or the declared members alone, nothing to write; else listed in `lost`.
   */
  private counts(o: ObjSpec, c: { min: number; max: number; minAt: string; maxAt: string }, kinds: Set<Kind>): void {
    const requiredCount = o.props.filter((p) => p.required).length
    const most = o.extra ? Infinity : o.props.length
    if (c.max < requiredCount || c.min > most || c.min > c.max) {
      kinds.delete('object')
      return
    }
    if (c.min > requiredCount) {
      if (c.min === 1 || o.props.length === 0) o.min = c.min
      else this.lose(c.minAt, 'minProperties', 'not expressed in the grammar')
    }
    if (c.max < most) {
      if (c.max === 0) {
        o.props = []
        o.extra = null
      } else if (o.props.length === 0) o.max = c.max
      else this.lose(c.maxAt, 'maxProperties', 'not expressed in the grammar')
    }
  }

  /**
   * The extra members of an object whose keys `patternProperties` sort: one per region of the
   * key space (the patterns a key matches, none of the declared names), each region's value the
   * conjunction of its patterns' schemas, or `additionalProperties` where it matches none.
   * Undefined where a pattern is not regular or the automaton is over its bound.
   */
  private regions(m: { patterns: { src: string; h: SchemaHandle }[]; additional: SchemaHandle | undefined }, names: readonly string[], addClosed: boolean): ExtraMember[] | undefined {
    const parts: CExpr[] = []
    for (const p of m.patterns) {
      try {
        const t = fromPattern(p.src)
        if (t.widened) return undefined
        parts.push(t.expr)
      } catch {
        return undefined
      }
    }
    parts.push(alt(names.map(text)))
    const dfa = automaton(parts)
    if (!dfa) return undefined
    const nameBit = 1 << m.patterns.length
    const out: ExtraMember[] = []
    for (const label of labels(dfa)) {
      if (label & nameBit) continue
      const matched = m.patterns.filter((_, i) => label & (1 << i))
      if (!matched.length && addClosed) continue
      const value = matched.length ? this.ref(matched.map((p) => p.h)) : this.ref(m.additional ? [m.additional] : [])
      if (value.get().k === 'never') continue
      const key: Region = { t: 'dfa', dfa, label }
      out.push({ key, value })
    }
    return out
  }

  /** A union node of given alternatives (for approximated extras). */
  union(alts: Ref[]): Ref {
    const node: VNode = { k: 'union', alts }
    return { id: this.next++, get: () => node }
  }
}


export const ANY_NODE: VNode = {
  k: 'typed',
  kinds: new Set(KINDS),
  num: { integer: false },
  str: undefined,
  arr: { prefix: [], items: null, min: 0, max: Infinity },
  obj: { props: [], extra: null },
}
export const NEVER_NODE: VNode = { k: 'never' }

/** Whether the node accepts any JSON value and says nothing more. */
export function isAnyNode(n: VNode): boolean {
  return n === ANY_NODE
}

/** Whether a member has keywords of its own beyond the union being distributed. */
function hasOwnFacts(v: SchemaView, done: readonly string[]): boolean {
  for (const k of v.keywords) {
    if (k === 'anyOf' || k === 'oneOf') {
      if (!done.includes(`${v.location}/${k}`)) return true
      continue
    }
    return true
  }
  return false
}

/** A content language restricted to strings of `lo` to `hi` code points, where that is easy. */
function withLength(x: CExpr, lo: number, hi: number): CExpr | undefined {
  if (x.t === 'rep' && x.x.t === 'set') return rep(x.x, Math.max(x.min, lo), Math.min(x.max, hi))
  if (x.t === 'set') return lo <= 1 && hi >= 1 ? x : undefined
  if (x.t === 'alt') {
    const parts = x.xs.map((y) => withLength(y, lo, hi))
    return parts.every((p) => p !== undefined) ? alt(parts as CExpr[]) : undefined
  }
  if (x.t === 'seq') {
    // a fixed-length prefix and suffix around one repetition of a set
    const fixed = x.xs.map(fixedLength)
    const open = fixed.filter((f) => f === undefined).length
    const known = fixed.reduce<number>((a, f) => a + (f ?? 0), 0)
    if (open === 0) return known >= lo && known <= hi ? x : seq([]) === EMPTY && known >= lo && known <= hi ? x : undefined
    if (open !== 1) return undefined
    const i = fixed.indexOf(undefined)
    const mid = withLength(x.xs[i]!, Math.max(0, lo - known), hi - known)
    if (!mid) return undefined
    return seq([...x.xs.slice(0, i), mid, ...x.xs.slice(i + 1)])
  }
  return undefined
}

function fixedLength(x: CExpr): number | undefined {
  switch (x.t) {
    case 'set': return 1
    case 'seq': {
      let n = 0
      for (const y of x.xs) {
        const f = fixedLength(y)
        if (f === undefined) return undefined
        n += f
      }
      return n
    }
    case 'alt': {
      const fs = x.xs.map(fixedLength)
      return fs.length && fs.every((f) => f === fs[0]) ? fs[0] : undefined
    }
    case 'rep': {
      if (x.min !== x.max) return undefined
      const f = fixedLength(x.x)
      return f === undefined ? undefined : f * x.min
    }
  }
}

const regexCache = new WeakMap<CExpr, RegExp>()
import { toRegExp } from './content.ts'
import { inRegion } from './automaton.ts'
export function cached(x: CExpr): { test(s: string): boolean } {
  if (x.t === 'dfa') return { test: (s) => inRegion(x, s) }
  let r = regexCache.get(x)
  if (!r) regexCache.set(x, (r = toRegExp(x)))
  return r
}

/** The extra member whose key language holds `key` (at most one: they are disjoint). */
export function extraFor(o: ObjSpec, key: string): ExtraMember | undefined {
  return o.extra?.find((x) => cached(x.key).test(key))
}

export function kindOf(v: unknown): Kind | undefined {
  if (v === null) return 'null'
  switch (typeof v) {
    case 'boolean': return 'boolean'
    case 'number': return Number.isFinite(v) ? 'number' : undefined
    case 'string': return 'string'
    case 'object': return Array.isArray(v) ? 'array' : 'object'
  }
  return undefined
}

/** JSON Schema equality: numbers by value, objects regardless of key order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const bb = b as unknown[]
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]))
  }
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

/** Whether the grammar of `ref` accepts the text `write` makes of `value`. */
export function fits(value: unknown, ref: Ref, depth: number): boolean {
  if (depth > 200) return false
  const n = ref.get()
  switch (n.k) {
    case 'never': return false
    case 'union': return n.alts.some((a) => fits(value, a, depth + 1))
    case 'lits': return n.values.some((v) => jsonEqual(v, value))
    case 'typed': return fitsTyped(value, n, depth)
  }
}

function fitsTyped(value: unknown, n: Extract<VNode, { k: 'typed' }>, depth: number): boolean {
  const k = kindOf(value)
  if (k === undefined || !n.kinds.has(k)) return false
  if (isAnyNode(n)) return true
  switch (k) {
    case 'null':
    case 'boolean':
      return true
    case 'number': {
      const v = value as number
      const s = n.num
      if (s.integer) {
        if (!Number.isInteger(v)) return false
        if ((s.lo !== undefined && v < s.lo) || (s.hi !== undefined && v > s.hi)) return false
        return true
      }
      const r = s.range
      if (r && (r.loEx ? !(v > r.lo) : !(v >= r.lo))) return false
      if (r && (r.hiEx ? !(v < r.hi) : !(v <= r.hi))) return false
      return true
    }
    case 'string':
      return n.str === undefined || cached(n.str).test(value as string)
    case 'array': {
      const a = value as unknown[]
      const { prefix, items, min, max } = n.arr
      if (a.length < min || a.length > max) return false
      return a.every((x, i) => {
        const r = i < prefix.length ? prefix[i]! : items
        return r !== null && fits(x, r, depth + 1)
      })
    }
    case 'object': {
      const o = value as Record<string, unknown>
      const count = Object.keys(o).filter((key) => o[key] !== undefined).length
      if ((n.obj.min !== undefined && count < n.obj.min) || (n.obj.max !== undefined && count > n.obj.max)) return false
      const declared = new Set(n.obj.props.map((p) => p.name))
      for (const p of n.obj.props) {
        if (!Object.hasOwn(o, p.name)) {
          if (p.required) return false
          continue
        }
        if (!fits(o[p.name], p.value, depth + 1)) return false
      }
      for (const key of Object.keys(o)) {
        if (declared.has(key)) continue
        const x = extraFor(n.obj, key)
        if (!x || !fits(o[key], x.value, depth + 1)) return false
      }
      return true
    }
  }
}

function kindsOf(n: VNode): Set<Kind> | undefined {
  if (n.k === 'never') return new Set()
  if (n.k === 'typed') return n.kinds
  if (n.k === 'lits') return new Set(n.values.map((v) => kindOf(v)!))
  return undefined
}

/**
 * Whether no value fits both nodes: kinds apart, literals the other refuses, or objects told
 * apart by a property one requires and the other cannot have or holds to values apart. The nodes
 * hold at least the schemas' values, so nodes apart mean schemas apart.
 */
function disjointPair(a: VNode, b: VNode, depth = 0): boolean {
  if (depth > 8) return false
  if (a.k === 'never' || b.k === 'never') return true
  if (a.k === 'union') return a.alts.every((x) => disjointPair(x.get(), b, depth + 1))
  if (b.k === 'union') return b.alts.every((x) => disjointPair(a, x.get(), depth + 1))
  const fixed = (n: VNode): Ref => ({ id: -1, get: () => n })
  if (a.k === 'lits') return a.values.every((v) => !fits(v, fixed(b), 0))
  if (b.k === 'lits') return b.values.every((v) => !fits(v, fixed(a), 0))
  const shared = [...a.kinds].filter((k) => b.kinds.has(k))
  if (shared.length === 0) return true
  if (shared.length > 1 || shared[0] !== 'object') return false
  const apart = (x: ObjSpec, y: ObjSpec) =>
    x.props.some((p) => {
      if (!p.required) return false
      const q = y.props.find((z) => z.name === p.name)
      if (!q) return extraFor(y, p.name) === undefined
      return disjointPair(p.value.get(), q.value.get(), depth + 1)
    })
  return apart(a.obj, b.obj) || apart(b.obj, a.obj)
}

/** A string node of the given content (to ask whether a key fits the extra keys' language). */
function keyNode(key: CExpr): VNode {
  return { ...(ANY_NODE as Extract<VNode, { k: 'typed' }>), kinds: new Set<Kind>(['string']), str: key }
}

/**
 * What a `not` holds that a grammar can write: nothing at all (`not: {}`, so no value), names that
 * must be absent (`not: {required: [name]}`, or an `anyOf` of such, as oneOf branches are told
 * apart), or kinds that are not (`not: {type}`, but integer, which is a part of number). Undefined
 * for any other subschema, which stays in `lost`.
 */
function negation(v: SchemaView): 'never' | { names: string[]; kinds: Kind[] } | undefined {
  const edge = v.subschemas.find((e) => e.keyword === 'not')
  const target = edge ? edge.handle.inspect().schema : (v.schema as Record<string, unknown>).not
  if (target === true) return 'never'
  if (target === false) return { names: [], kinds: [] }
  if (typeof target !== 'object' || target === null || Array.isArray(target)) return undefined
  const own = (x: Record<string, unknown>) => Object.keys(x).filter((k) => !ANNOTATIONS.has(k))
  const t = target as Record<string, unknown>
  const keys = own(t)
  if (keys.length === 0) return 'never'
  const singleRequired = (x: unknown): string | undefined => {
    if (typeof x !== 'object' || x === null) return undefined
    const r = (x as Record<string, unknown>).required
    return own(x as Record<string, unknown>).join() === 'required' && Array.isArray(r) && r.length === 1 && typeof r[0] === 'string' ? r[0] : undefined
  }
  // `required` holds for every value but an object, so its negation also leaves only objects
  const notObject = KINDS.filter((k) => k !== 'object')
  if (keys.join() === 'required') {
    const name = singleRequired(t)
    return name === undefined ? undefined : { names: [name], kinds: notObject }
  }
  if (keys.join() === 'anyOf' && Array.isArray(t.anyOf) && t.anyOf.length) {
    const names = t.anyOf.map(singleRequired)
    return names.every((x) => x !== undefined) ? { names: names as string[], kinds: notObject } : undefined
  }
  if (keys.join() === 'type') {
    const list = Array.isArray(t.type) ? t.type : [t.type]
    if (!list.every((x) => typeof x === 'string' && (KINDS as readonly string[]).includes(x))) return undefined
    return { names: [], kinds: list as Kind[] }
  }
  return undefined
}
