/**
 * From a shape (`shape.ts`) to the schema a provider accepts, with the codec that moves values
 * between the two. Every codec encodes a value the shape accepts into a value the emitted schema
 * accepts, and decodes that back to the same value; what it cannot place (a value outside the
 * shape) it wraps in a raw marker that decoding unwraps, so a wrong value stays wrong and the
 * final validation against the original schema reports it on the original path.
 */
import type { ProviderProfile } from './profile.ts'
import { KINDS, ShapeBuilder, kindOf } from './shape.ts'
import type { Kind, KindShape, Lazy, Shape } from './shape.ts'
import { appendPointer, stringifyJson } from '../api.ts'

type Json = Record<string, unknown>

/** A constraint the provider schema does not enforce, and how it is kept. */
export interface LostConstraint {
  /** Where it is written in the original schema (`#/properties/a`). */
  schemaPath: string
  keyword: string
  how: string
}

/** Decoding met something no encoding produces; the message names the original path. */
export class DecodeFailure {
  constructor(
    readonly instancePath: string,
    readonly schemaPath: string,
    readonly message: string,
  ) {}
}

/**
 * Where a value sits in the answer: a chain of keys, spelled out as a JSON Pointer only for a
 * failure (a string per level would cost time and memory quadratic in the depth).
 */
export type Path = { readonly up: Path; readonly key: string | number } | null
const at = (up: Path, key: string | number): Path => ({ up, key })

/** The JSON Pointer of a path. */
export function pointer(path: Path): string {
  const keys: (string | number)[] = []
  for (let p = path; p !== null; p = p.up) keys.push(p.key)
  let out = ''
  for (let i = keys.length - 1; i >= 0; i--) out = appendPointer(out, keys[i]!)
  return out
}

/**
 * A codec maps one level of a value: `enc` and `dec` return that level's result and hand each
 * part of the value (an item, a property) to the walk (`Walk.part`), which maps it later, so
 * values of any depth are mapped on a bounded stack (`encode`, `decode`). A codec may hand the
 * value at hand to another codec directly (a union picking its branch, a reference, a wrapper):
 * those calls are as deep as the schema's own structure at one level, never the data's.
 */
export interface Codec {
  schema: Json
  /** The encoded form may be null (a nullable slot must then wrap it). */
  nullable: boolean
  /** Encodes null to something other than null (JSON text does). */
  boxesNull?: boolean
  enc(v: unknown, w: Walk): unknown
  dec(v: unknown, path: Path, w: Walk): unknown
}

/** Returned by a step whose result is a part mapped later (`Walk.tail`). */
const TAIL = Symbol('tail')

interface Job {
  codec: Codec
  value: unknown
  path: Path
  target: Record<string | number, unknown>
  key: string | number
}
class Leave {
  constructor(readonly value: object) {}
}

/** The work list of one encode or decode: parts still to map, depth first, in order. */
export class Walk {
  private parts: Job[] = []
  private current!: Job
  /** Parts mapped so far (each a call of a codec's enc or dec from the walk). */
  steps = 0

  /**
   * `codec` applied to `value`, a part of the value at hand, goes to `target[key]`: written now
   * as a placeholder (so keys keep their order), filled when the walk gets there; a result of
   * ABSENT removes the key.
   */
  part(codec: Codec, value: unknown, target: object, key: string | number, path: Path = null): void {
    slot(target as Record<string | number, unknown>, key, undefined)
    this.parts.push({ codec, value, path, target: target as Record<string | number, unknown>, key })
  }

  /** The value at hand maps to `codec` applied to `value`, a part of it (the content of a wrapper). */
  tail(codec: Codec, value: unknown, path: Path): typeof TAIL {
    this.parts.push({ codec, value, path, target: this.current.target, key: this.current.key })
    return TAIL
  }

  run(codec: Codec, value: unknown, decoding: boolean): unknown {
    const root: Record<string, unknown> = { v: undefined }
    const stack: (Job | Leave)[] = [{ codec, value, path: null, target: root, key: 'v' }]
    // The containers whose parts are being mapped: a value met again among them contains itself.
    const onPath = new Set<object>()
    while (stack.length > 0) {
      const job = stack.pop()!
      if (job instanceof Leave) {
        onPath.delete(job.value)
        continue
      }
      const v = job.value
      const container = typeof v === 'object' && v !== null
      let result: unknown
      if (container && onPath.has(v)) {
        // A value that contains itself: carried as it is (encoding marks it raw), so the
        // original schema reports it as cyclic after decode.
        result = decoding ? v : raw(v)
      } else {
        this.current = job
        this.steps++
        result = decoding ? job.codec.dec(v, job.path, this) : job.codec.enc(v, this)
      }
      if (result !== TAIL) {
        if (result === ABSENT) delete job.target[job.key]
        else slot(job.target, job.key, result)
      }
      const parts = this.parts
      if (parts.length === 0) continue
      this.parts = []
      if (container) {
        onPath.add(v)
        stack.push(new Leave(v))
      }
      for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!)
    }
    return root.v
  }
}

/** A value in the provider's shape (see `ProviderSchema.encode`), on a bounded stack. */
export function encode(codec: Codec, value: unknown, walk = new Walk()): unknown {
  return walk.run(codec, value, false)
}

/**
 * An answer in the original shape, on a bounded stack. @throws DecodeFailure for what no
 * encoding produces
 */
export function decode(codec: Codec, answer: unknown, walk = new Walk()): unknown {
  return walk.run(codec, answer, true)
}

function slot(target: Record<string | number, unknown>, key: string | number, value: unknown): void {
  if (typeof key === 'number') target[key] = value
  else put(target, key, value)
}

/** Marks a value the provider schema has no place for (encode of a value outside the schema). */
export const RAW = '$schemavet:raw'
const raw = (v: unknown): Json => ({ [RAW]: v })
const isRaw = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && RAW in v
const ABSENT = Symbol('absent')

function put(o: Json, k: string, v: unknown): void {
  // own data property even for "__proto__"
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true })
}
const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k)
const isPlain = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Wraps a codec so a raw marker decodes to the value it carries, whatever the codec. */
function guarded(c: Codec): Codec {
  const dec = c.dec
  c.dec = (v, path, w) => (isRaw(v) ? v[RAW] : dec(v, path, w))
  return c
}

export interface Emitted {
  schema: Json
  codec: Codec
  lost: LostConstraint[]
  strict: boolean
  /** Numbers the provider's limits are about. */
  counts: { properties: number; enumValues: number; stringLength: number }
}

export class Emitter {
  private kept = new Set<string>()
  private dropped = new Map<string, LostConstraint>()
  private stack: number[] = []
  private pending = new Map<number, { codec?: Codec; name?: string; used: boolean }>()
  private defs: Json = {}
  private done = new Map<number, { codec: Codec; inline: Json; name: string | undefined }>()
  private nodes = 0
  private rootShape: Shape | undefined
  private rootInline = false
  counts = { properties: 0, enumValues: 0, stringLength: 0 }

  constructor(
    private readonly profile: ProviderProfile,
    private readonly builder: ShapeBuilder,
    private readonly maxNodes = 1000,
  ) {}

  private keep(src: string | undefined): void {
    if (src) this.kept.add(src)
  }
  private drop(src: string | undefined, keyword: string, how: string): void {
    if (!src) return
    const at = src.endsWith(`/${keyword}`) ? src.slice(0, -keyword.length - 1) : src
    if (!this.dropped.has(src)) this.dropped.set(src, { schemaPath: at, keyword, how })
  }

  run(root: Shape): Emitted {
    const p = this.profile
    this.rootShape = root
    const objectOnly = root.kinds.size === 1 && root.kinds.has('object')
    this.rootInline = objectOnly
    let codec = this.shape(root, 0)
    if (p.rootObject && !(objectOnly && codec.schema.type === 'object')) {
      const inner = codec
      codec = guarded({
        schema: { type: 'object', properties: { value: inner.schema }, required: ['value'], additionalProperties: false },
        nullable: false,
        enc: (v, w) => ({ value: inner.enc(v, w) }),
        dec: (v, path, w) => {
          if (!isPlain(v) || !own(v, 'value')) throw new DecodeFailure(pointer(path), '#', 'expected an object with the answer in "value"')
          return w.tail(inner, v.value, path)
        },
      })
      if (p.propertyOrdering) codec.schema.propertyOrdering = ['value']
    }
    const schema = codec.schema
    if (Object.keys(this.defs).length) schema.$defs = this.defs
    // the kept share: every surveyed constraint not kept somewhere, or dropped somewhere, is lost
    const lost = [...this.dropped.values()]
    for (const src of this.builder.universe) {
      if (this.kept.has(src) || this.dropped.has(src)) continue
      const i = src.lastIndexOf('/')
      lost.push({ schemaPath: src.slice(0, i), keyword: src.slice(i + 1), how: 'merged into a looser union or branch the provider cannot express; checked after decode' })
    }
    let strict = true
    const l = p.limits
    const over: string[] = []
    if (l.properties !== undefined && this.counts.properties > l.properties) over.push(`${this.counts.properties} properties (limit ${l.properties})`)
    if (l.enumValues !== undefined && this.counts.enumValues > l.enumValues) over.push(`${this.counts.enumValues} enum values (limit ${l.enumValues})`)
    if (l.stringLength !== undefined && this.counts.stringLength > l.stringLength) over.push(`${this.counts.stringLength} characters of names and values (limit ${l.stringLength})`)
    if (over.length) {
      strict = false
      lost.push({ schemaPath: '#', keyword: 'strict', how: `over the provider's limits (${over.join(', ')}): send with strict: false; the answer is checked after decode` })
    }
    return { schema, codec, lost, strict, counts: this.counts }
  }

  /** A JSON-text box: any value, as a string the model writes and decode parses. */
  private box(s: Shape, why: string | undefined): Codec {
    if (why) this.drop(`${s.loc}/$ref`, '$ref', why)
    const description = `${s.description ? `${s.description}\n` : ''}A JSON value written as JSON text.`
    return guarded({
      schema: { type: 'string', description },
      nullable: false,
      boxesNull: true,
      enc: (v) => {
        let text: string | undefined
        try {
          text = v === undefined ? undefined : stringifyJson(v)
        } catch {
          // a value that contains itself, a BigInt, a getter that throws: no JSON text; carried
          // raw, so the original schema judges it after decode
          text = undefined
        }
        return text === undefined ? raw(v) : text
      },
      dec: (v, path) => {
        if (typeof v !== 'string') return v
        try {
          return JSON.parse(v)
        } catch {
          throw new DecodeFailure(pointer(path), s.loc, 'expected JSON text')
        }
      },
    })
  }

  private nullSchema(): Json {
    return this.profile.nullType ? { type: 'null' } : { type: ['string', 'null'], enum: [null] }
  }

  /** The codec of a shape at object depth `depth`. */
  shape(s: Shape, depth: number): Codec {
    const p = this.profile
    if (s.kinds.size === 0) {
      return guarded({ schema: { ...this.nullSchema(), description: 'No value is valid here.' }, nullable: true, enc: raw, dec: (v) => v })
    }
    if (ShapeBuilder.isAny(s)) return this.box(s, undefined)
    if (this.stack.includes(s.id)) {
      if (!p.recursiveRefs) return this.box(s, 'recursion: below this level the value is sent as JSON text and checked after decode')
      const slot = this.pending.get(s.id)!
      slot.used = true
      const isRoot = s === this.rootShape && this.rootInline
      slot.name ??= isRoot ? '#' : `#/$defs/${this.defName(s)}`
      return {
        schema: { $ref: slot.name },
        nullable: s.kinds.has('null'),
        enc: (v, w) => slot.codec!.enc(v, w),
        dec: (v, path, w) => slot.codec!.dec(v, path, w),
      }
    }
    const before = this.profile.recursiveRefs ? this.done.get(s.id) : undefined
    if (before) return this.reuse(s, before)
    if (++this.nodes > this.maxNodes) return this.box(s, 'schema too large to write out: below this level the value is sent as JSON text and checked after decode')
    if (p.limits.depth !== undefined && s.kinds.has('object') && depth >= p.limits.depth) {
      return this.box(s, `nesting deeper than ${p.limits.depth} object levels: sent as JSON text and checked after decode`)
    }
    const slot: { codec?: Codec; name?: string; used: boolean } = { used: false }
    this.pending.set(s.id, slot)
    this.stack.push(s.id)
    let codec: Codec
    const notes: string[] = []
    try {
      const parts: [Kind, Codec][] = []
      for (const k of KINDS) {
        const ks = s.kinds.get(k)
        if (ks) parts.push([k, this.kind(k, ks, s, depth, notes)])
      }
      codec = this.combine(s, parts, notes)
    } finally {
      this.stack.pop()
    }
    for (const t of s.typeSrcs) this.keep(t)
    for (const src of s.looseSrcs) this.drop(src, src.slice(src.lastIndexOf('/') + 1), 'holds objects or arrays the provider cannot list; checked after decode')
    if (s.title !== undefined) codec.schema.title = s.title
    const description = [s.description, notes.length ? `Also: ${notes.join('; ')}.` : undefined].filter((x) => x !== undefined).join('\n')
    if (description) codec.schema.description = description
    slot.codec = codec
    if (slot.used && slot.name !== '#') {
      put(this.defs, slot.name!.slice('#/$defs/'.length), codec.schema)
      codec = { ...codec, schema: { $ref: slot.name } }
    }
    if (p.recursiveRefs && (s.kinds.has('object') || s.kinds.has('array'))) this.done.set(s.id, { codec: slot.codec, inline: codec.schema, name: slot.used ? slot.name : undefined })
    return codec
  }

  /**
   * A shape written out before, where `$ref` is allowed: the first copy moves to `$defs` and
   * both places refer to it, so a schema that shares its parts stays as small as it was.
   */
  private reuse(s: Shape, before: { codec: Codec; inline: Json; name: string | undefined }): Codec {
    if (before.name === undefined) {
      const name = this.defName(s)
      before.name = `#/$defs/${name}`
      put(this.defs, name, { ...before.inline })
      for (const k of Object.keys(before.inline)) delete before.inline[k]
      before.inline.$ref = before.name
    }
    const target = before.codec
    return { schema: { $ref: before.name }, nullable: target.nullable, boxesNull: target.boxesNull, enc: (v, w) => target.enc(v, w), dec: (v, path, w) => target.dec(v, path, w) }
  }

  private defName(s: Shape): string {
    const base = (s.loc.split('/').pop() || 'node').replace(/[^A-Za-z0-9_-]/g, '_') || 'node'
    let name = base
    for (let i = 2; own(this.defs, name) || [...this.pending.values()].some((x) => x.name === `#/$defs/${name}`); i++) name = `${base}_${i}`
    return name
  }

  /** One codec for several kinds: a type list, an anyOf, or a wrapper with a property per kind. */
  private combine(s: Shape, parts: [Kind, Codec][], notes: string[]): Codec {
    const p = this.profile
    if (parts.length === 1) return parts[0]![1]
    const nonNull = parts.filter(([k]) => k !== 'null')
    const hasNull = nonNull.length < parts.length
    if (hasNull && nonNull.length === 1 && typeof nonNull[0]![1].schema.type === 'string') {
      const inner = nonNull[0]![1]
      const schema: Json = { ...inner.schema, type: [inner.schema.type, "null"] }
      if (Array.isArray(schema.enum)) schema.enum = [...schema.enum, null]
      for (const u of s.unionSrcs) this.keep(u)
      return guarded({ schema, nullable: true, enc: (v, w) => (v === null ? null : inner.enc(v, w)), dec: (v, path, w) => (v === null ? null : inner.dec(v, path, w)) })
    }
    const byKind = new Map(parts)
    const pick = (v: unknown): Codec | undefined => {
      const k = kindOf(v)
      return k === undefined ? undefined : byKind.get(k)
    }
    if (p.anyOf) {
      for (const u of s.unionSrcs) this.keep(u)
      return guarded({
        schema: { anyOf: parts.map(([k, c]) => (k === 'null' ? this.nullSchema() : c.schema)) },
        nullable: hasNull,
        enc: (v, w) => {
          const c = pick(v)
          return c ? c.enc(v, w) : raw(v)
        },
        dec: (v, path, w) => {
          const c = pick(v)
          return c ? c.dec(v, path, w) : v
        },
      })
    }
    // no anyOf: a wrapper object with one property per kind; decode takes the one that is set
    for (const u of s.unionSrcs) this.drop(u, u.slice(u.lastIndexOf('/') + 1), 'a union of kinds is sent as an object with one property per kind; decode takes the one set and checks the rest')
    notes.push(`set exactly one of ${nonNull.map(([k]) => k).join(', ')}${hasNull ? ' (or send null)' : ''}`)
    const properties: Json = {}
    for (const [k, c] of nonNull) put(properties, k, p.allRequired ? withNull(c.schema) : c.schema)
    this.counts.properties += nonNull.length
    const schema: Json = { type: hasNull ? ['object', 'null'] : 'object', properties, required: p.allRequired ? nonNull.map(([k]) => k) : [] }
    if (p.closedObjects || !p.additionalSchemas) schema.additionalProperties = false
    if (p.propertyOrdering) schema.propertyOrdering = nonNull.map(([k]) => k)
    return guarded({
      schema,
      nullable: hasNull,
      enc: (v, w) => {
        if (v === null && hasNull) return null
        const k = kindOf(v)
        const c = k === undefined || k === 'null' ? undefined : byKind.get(k)
        if (!c) return raw(v)
        const out: Json = {}
        for (const [n] of nonNull) if (p.allRequired) put(out, n, null)
        put(out, k!, c.enc(v, w))
        return out
      },
      dec: (v, path, w) => {
        if (v === null && hasNull) return null
        if (!isPlain(v)) return v
        const set = nonNull.filter(([n]) => own(v, n) && v[n] !== null)
        if (set.length !== 1) throw new DecodeFailure(pointer(path), s.loc, `expected exactly one of ${nonNull.map(([n]) => n).join(', ')} to be set, found ${set.length}`)
        const [n, c] = set[0]!
        return w.tail(c, v[n], path)
      },
    })
  }

  private enumOf(ks: KindShape, schema: Json): void {
    if (!ks.enum) return
    const limit = this.profile.limits.enumValues
    if (limit !== undefined && ks.enum.values.length > limit) {
      for (const src of ks.enum.srcs) this.drop(src, src.slice(src.lastIndexOf('/') + 1), `more than ${limit} values; checked after decode`)
      return
    }
    schema.enum = [...ks.enum.values]
    this.counts.enumValues += ks.enum.values.length
    for (const v of ks.enum.values) if (typeof v === 'string') this.counts.stringLength += v.length
    for (const src of ks.enum.srcs) this.keep(src)
  }

  private kind(k: Kind, ks: KindShape, s: Shape, depth: number, notes: string[]): Codec {
    const p = this.profile
    const lose = (src: string | undefined, keyword: string, value: unknown) => {
      if (!src) return
      this.drop(src, keyword, 'described to the model and checked after decode')
      notes.push(`${keyword} ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`)
    }
    const same = (): Codec => guarded({ schema: {}, nullable: false, enc: (v) => v, dec: (v) => v })
    switch (k) {
      case 'null': {
        const c = same()
        c.schema = this.nullSchema()
        c.nullable = true
        for (const src of ks.enum?.srcs ?? []) this.keep(src)
        return c
      }
      case 'boolean': {
        const c = same()
        c.schema = { type: 'boolean' }
        this.enumOf(ks, c.schema)
        return c
      }
      case 'number': {
        const c = same()
        c.schema = { type: ks.integer ? 'integer' : 'number' }
        this.enumOf(ks, c.schema)
        for (const [name, b] of Object.entries(ks.num)) {
          if (!b) continue
          if ((p.number as readonly string[]).includes(name) && !(name === 'multipleOf' && !(b.value > 0))) {
            c.schema[name] = b.value
            this.keep(b.src)
          } else {
            // an exclusive bound the provider lacks still goes out as the inclusive one, which is looser
            const inclusive = name === 'exclusiveMinimum' ? 'minimum' : name === 'exclusiveMaximum' ? 'maximum' : undefined
            if (inclusive && (p.number as readonly string[]).includes(inclusive) && c.schema[inclusive] === undefined) c.schema[inclusive] = b.value
            lose(b.src, name, b.value)
          }
        }
        return c
      }
      case 'string': {
        const c = same()
        c.schema = { type: 'string' }
        this.enumOf(ks, c.schema)
        for (const [name, b] of Object.entries(ks.str)) {
          if (!b) continue
          const ok = (p.string as readonly string[]).includes(name) && (name !== 'format' || p.formats.includes(b.value as string))
          if (ok) {
            c.schema[name] = b.value
            this.keep(b.src)
          } else lose(b.src, name, b.value)
        }
        return c
      }
      case 'array':
        return this.array(ks, s, depth, lose)
      case 'object':
        return this.object(ks, s, depth, notes)
    }
  }

  private child(l: Lazy | false | undefined, loc: string, depth: number): Codec {
    return this.shape(l ? l.get() : this.builder.any(loc), depth)
  }

  private array(ks: KindShape, s: Shape, depth: number, lose: (src: string | undefined, keyword: string, value: unknown) => void): Codec {
    const p = this.profile
    const a = ks.arr
    const schema: Json = { type: 'array' }
    let codecs: Codec[] = []
    let rest: Codec | undefined
    if (a.prefix.length && p.prefixItems) {
      codecs = a.prefix.map((x) => this.child(x, s.loc, depth))
      schema.prefixItems = codecs.map((c) => c.schema)
      if (a.items !== false) {
        rest = this.child(a.items, s.loc, depth)
        schema.items = rest.schema
      }
    } else if (a.prefix.length) {
      // no tuples: every item takes the union of what any position allows
      const shapes = [...a.prefix, ...(a.items === false ? [] : [a.items])].map((x) => (x ? x.get() : this.builder.any(s.loc)))
      const merged = shapes.reduce((x, y) => this.builder.disj(x, y))
      rest = this.shape(merged, depth)
      schema.items = rest.schema
    } else {
      rest = this.child(a.items === false ? undefined : a.items, s.loc, depth)
      schema.items = rest.schema
    }
    for (const name of ['minItems', 'maxItems'] as const) {
      const b = a[name]
      if (!b) continue
      let ok = (p.array as readonly string[]).includes(name)
      if (ok && name === 'minItems' && p.minItemsValues && !p.minItemsValues.includes(b.value)) {
        ok = false
        const best = Math.max(...p.minItemsValues.filter((x) => x <= b.value))
        if (best > 0) schema.minItems = best
      }
      if (ok) {
        schema[name] = b.value
        this.keep(b.src)
      } else lose(b.src, name, b.value)
    }
    const codecAt = (i: number) => (i < codecs.length ? codecs[i] : rest)
    return guarded({
      schema,
      nullable: false,
      enc: (v, w) => {
        if (!Array.isArray(v)) return raw(v)
        const out: unknown[] = new Array(v.length)
        for (let i = 0; i < v.length; i++) {
          const c = codecAt(i)
          if (c) w.part(c, v[i], out, i)
          else out[i] = raw(v[i])
        }
        return out
      },
      dec: (v, path, w) => {
        if (!Array.isArray(v)) return v
        const out: unknown[] = new Array(v.length)
        for (let i = 0; i < v.length; i++) {
          const c = codecAt(i)
          if (c) w.part(c, v[i], out, i, at(path, i))
          else out[i] = v[i]
        }
        return out
      },
    })
  }

  private object(ks: KindShape, s: Shape, depth: number, notes: string[]): Codec {
    const p = this.profile
    const o = ks.obj
    const names = [...o.props.keys()]
    const slots = new Map<string, { codec: Codec; optional: boolean }>()
    const properties: Json = {}
    const required: string[] = []
    for (const n of names) {
      const c = this.child(o.props.get(n), `${s.loc}/properties/${n}`, depth + 1)
      const isRequired = o.required.has(n)
      if (isRequired) for (const src of o.required.get(n)!) this.keep(src)
      const optional = !isRequired && p.allRequired
      const slot = optional ? nullableSlot(c) : c
      slots.set(n, { codec: slot, optional })
      // an own key whatever the name: `properties.__proto__ = ...` would set the prototype and drop it
      put(properties, n, slot.schema)
      if (isRequired || p.allRequired) required.push(n)
      this.counts.stringLength += n.length
    }
    for (const [n, srcs] of o.required) {
      if (o.props.has(n)) continue
      for (const src of srcs) {
        this.drop(src, 'required', 'a required name without a declared property: described to the model and checked after decode')
      }
      notes.push(`required ${JSON.stringify(n)}`)
    }
    let extras: Codec | undefined
    let entriesName: string | undefined
    const schema: Json = { type: 'object', properties }
    if (o.additional === false) {
      schema.additionalProperties = false
      this.keep(o.closedSrc)
    } else {
      extras = this.child(o.additional, `${s.loc}/additionalProperties`, depth + 1)
      // extra values are checked by their own schema, as entries or as a map, unless sent as JSON text
      if (!extras.boxesNull && (p.closedObjects || p.additionalSchemas)) this.keep(o.additionalSrc)
      if (p.closedObjects) {
        entriesName = 'additionalProperties'
        for (let i = 2; own(properties, entriesName); i++) entriesName = `additionalProperties_${i}`
        const entry: Json = { type: 'object', properties: { key: { type: 'string' }, value: extras.schema }, required: ['key', 'value'], additionalProperties: false }
        put(properties, entriesName, { type: 'array', description: 'Further properties as key/value entries.', items: entry })
        required.push(entriesName)
        schema.additionalProperties = false
        this.counts.properties += 3
      } else if (p.additionalSchemas) {
        schema.additionalProperties = ShapeBuilder.isAny(o.additional ? o.additional.get() : this.builder.any(s.loc)) ? true : extras.schema
      }
    }
    schema.required = required
    if (p.propertyOrdering) schema.propertyOrdering = Object.keys(properties)
    this.counts.properties += names.length
    const extrasAsValues = extras !== undefined && entriesName === undefined && schema.additionalProperties !== true
    return guarded({
      schema,
      nullable: false,
      enc: (v, w) => {
        if (!isPlain(v)) return raw(v)
        const out: Json = {}
        const entries: Json[] = []
        for (const [n, slot] of slots) {
          if (own(v, n)) w.part(slot.codec, v[n], out, n)
          else if (slot.optional) put(out, n, null)
        }
        for (const k of Object.keys(v)) {
          if (slots.has(k)) continue
          if (entriesName !== undefined) {
            const entry: Json = { key: k }
            entries.push(entry)
            w.part(extras!, v[k], entry, 'value')
          } else if (extras && extrasAsValues) w.part(extras, v[k], out, k)
          else put(out, k, v[k])
        }
        if (entriesName !== undefined) put(out, entriesName, entries)
        return out
      },
      dec: (v, path, w) => {
        if (!isPlain(v)) return v
        const out: Json = {}
        for (const k of Object.keys(v)) {
          const slot = slots.get(k)
          if (slot) w.part(slot.codec, v[k], out, k, at(path, k))
          else if (k === entriesName) continue
          else if (extrasAsValues) w.part(extras!, v[k], out, k, at(path, k))
          else put(out, k, v[k])
        }
        if (entriesName !== undefined && own(v, entriesName)) {
          const list = v[entriesName]
          if (!Array.isArray(list)) throw new DecodeFailure(pointer(at(path, entriesName)), s.loc, 'expected a list of key/value entries')
          for (const e of list) {
            if (!isPlain(e) || typeof e.key !== 'string' || !own(e, 'value')) throw new DecodeFailure(pointer(path), s.loc, 'expected entries of the form {"key": string, "value": ...}')
            if (own(out, e.key) || slots.has(e.key)) throw new DecodeFailure(pointer(at(path, e.key)), s.loc, `property "${e.key}" is given twice`)
            w.part(extras!, e.value, out, e.key, at(path, e.key))
          }
        }
        return out
      },
    })
  }
}

/** A schema that also accepts null (the schema is a fresh object of the emitter's). */
function withNull(schema: Json): Json {
  if (typeof schema.type === 'string') {
    const out: Json = { ...schema, type: [schema.type, "null"] }
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null]
    return out
  }
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: ['string', 'null'], enum: [null] }] }
  return { anyOf: [schema, { type: ['string', 'null'], enum: [null] }] }
}

/**
 * An optional property where every property must be listed: null stands for absent. When the
 * value itself may be null, it travels as `{ "value": ... }` so null still means absent.
 */
function nullableSlot(c: Codec): Codec {
  if (c.nullable) {
    return guarded({
      schema: { type: ['object', 'null'], properties: { value: c.schema }, required: ['value'], additionalProperties: false },
      nullable: true,
      enc: (v, w) => ({ value: c.enc(v, w) }),
      dec: (v, path, w) => {
        if (v === null) return ABSENT
        if (!isPlain(v) || !own(v, 'value')) throw new DecodeFailure(pointer(path), '#', 'expected null (absent) or {"value": ...}')
        return w.tail(c, v.value, path)
      },
    })
  }
  return guarded({
    schema: withNull(c.schema),
    nullable: true,
    enc: (v, w) => (v === null && !c.boxesNull ? raw(null) : c.enc(v, w)),
    dec: (v, path, w) => (v === null ? ABSENT : c.dec(v, path, w)),
  })
}
