/**
 * JSON helpers shared by the kernel and plugins: type tests, own-property access, equality,
 * canonical keys, copying. Every walk over data here is iterative, so data nested any depth
 * never overflows the stack, and each one refuses data that contains itself.
 */
import type { JsonType } from '../contract/types.ts'

const hasOwnProperty = Object.prototype.hasOwnProperty

/** Own-property test that ignores prototypes (`constructor`, `__proto__` are ordinary keys). */
export function hasOwn(object: object, key: string): boolean {
  return hasOwnProperty.call(object, key)
}

/** A plain object (not an array, not null). Class instances count: their own enumerable keys are read. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The JSON type of a value, or undefined for what JSON cannot hold (NaN, Infinity, undefined, functions, symbols, BigInt). */
export function jsonTypeOf(value: unknown): JsonType | undefined {
  switch (typeof value) {
    case 'string':
      return 'string'
    case 'number':
      return Number.isFinite(value) ? 'number' : undefined
    case 'boolean':
      return 'boolean'
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? 'array' : 'object'
    default:
      return undefined
  }
}

/** Assigns an own property, `__proto__` included, without touching any prototype. */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true })
  else object[key] = value
}

/** Thrown by the walks below on data that contains itself; the kernel turns it into an issue. */
export class CyclicDataError extends Error {
  override name = 'CyclicDataError'
  constructor() {
    super('data contains itself (a cyclic reference), which JSON cannot represent')
  }
}

/**
 * JSON equality: numbers by value (`1` equals `1.0`, `-0` equals `0`), objects by own keys
 * regardless of order, arrays by position. Iterative; throws `CyclicDataError` only when both
 * sides keep going around a loop.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  // Values taken up for comparison: the work of the call, read back by `equalWork`.
  lastWork = 1
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const left: unknown[] = [a]
  const right: unknown[] = [b]
  let steps = 0
  while (left.length > 0) {
    const x = left.pop()
    const y = right.pop()
    if (x === y) continue
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false
    if (++steps > 1_000_000 && steps % 1_000_000 === 0 && isCyclic(x)) throw new CyclicDataError()
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false
      lastWork += x.length
      for (let i = 0; i < x.length; i++) {
        left.push(x[i])
        right.push(y[i])
      }
    } else {
      if (Array.isArray(y)) return false
      const kx = Object.keys(x)
      lastWork += kx.length
      if (kx.length !== Object.keys(y).length) return false
      for (const k of kx) {
        if (!hasOwnProperty.call(y, k)) return false
        left.push((x as Record<string, unknown>)[k])
        right.push((y as Record<string, unknown>)[k])
      }
    }
  }
  return true
}

let lastWork = 0

/**
 * The values the last `jsonEqual` of two objects or arrays took up (keys and items read, about
 * its time): what a budgeted keyword charges for the comparison (1 for one decided at once).
 */
export function equalWork(): number {
  return lastWork
}

/** True when an object or array reaches itself. Iterative depth-first walk with an on-path set. */
export function isCyclic(root: unknown): boolean {
  if (typeof root !== 'object' || root === null) return false
  const onPath = new Set<object>()
  const stack: { value: object; children: unknown[]; next: number }[] = []
  const enter = (value: object) => {
    onPath.add(value)
    stack.push({ value, children: Array.isArray(value) ? value : Object.values(value), next: 0 })
  }
  enter(root)
  const done = new Set<object>()
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    if (top.next === top.children.length) {
      stack.pop()
      onPath.delete(top.value)
      done.add(top.value)
      continue
    }
    const child = top.children[top.next++]
    if (typeof child !== 'object' || child === null || done.has(child)) continue
    if (onPath.has(child)) return true
    enter(child)
  }
  return false
}

/**
 * A string key equal for JSON-equal values and different otherwise (`uniqueItems` hashing).
 * Object keys are sorted. Iterative; throws `CyclicDataError` on data that contains itself.
 */
export function canonicalKey(value: unknown): string {
  if (typeof value !== 'object' || value === null) return primitiveKey(value)
  let out = ''
  const onPath = new Set<object>()
  // Work items: a value to write, or a `Literal` (brackets, separators, keys) written as is.
  const work: unknown[] = [value]
  const CLOSE = Symbol('close')
  while (work.length > 0) {
    const item = work.pop()
    if (item instanceof Literal) {
      out += item.text
      continue
    }
    if (item === CLOSE) {
      onPath.delete(work.pop() as object)
      continue
    }
    if (typeof item !== 'object' || item === null) {
      out += primitiveKey(item)
      continue
    }
    if (onPath.has(item)) throw new CyclicDataError()
    onPath.add(item)
    work.push(item, CLOSE)
    if (Array.isArray(item)) {
      work.push(new Literal(']'))
      for (let i = item.length - 1; i >= 0; i--) work.push(item[i], new Literal(i === 0 ? '' : ','))
      out += '['
    } else {
      const keys = Object.keys(item).sort()
      work.push(new Literal('}'))
      for (let i = keys.length - 1; i >= 0; i--) {
        work.push((item as Record<string, unknown>)[keys[i]!], new Literal(`${i === 0 ? '' : ','}${JSON.stringify(keys[i])}:`))
      }
      out += '{'
    }
  }
  return out
}

class Literal {
  constructor(readonly text: string) {}
}

function primitiveKey(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value)
    case 'number':
      return Object.is(value, -0) ? '0' : String(value)
    case 'boolean':
      return value ? 'true' : 'false'
    case 'object':
      return 'null'
    default:
      return `#${typeof value}:${String(value)}`
  }
}

/** Containers `copyJson` creates at most: shared subtrees are copied per place, which hostile data could blow up. */
export const COPY_LIMIT = 50_000_000

/**
 * Deep copy of plain objects and arrays (other values are shared), iterative, depth-first. The
 * copy is a tree, as JSON is: an object the input reuses at two places is copied at each. Data
 * that contains itself keeps its loop in the copy and is flagged `cyclic`. `owned` receives
 * every container created. Throws past `COPY_LIMIT` containers instead of exhausting memory.
 * Allocates the copy and, per level of nesting, nothing else (the path is kept in lists reused
 * across levels; a loop is found by comparing with one object on the path, see `enter`).
 */
export function copyJson<T>(value: T, owned?: Set<object>): { copy: T; cyclic: boolean } {
  if (typeof value !== 'object' || value === null || !isPlainContainer(value)) return { copy: value, cyclic: false }
  // A getter in the data may copy too: that call gets lists of its own.
  const path = sparePath ?? { sources: [], copies: [], keyLists: [], next: [], deepest: 0 }
  sparePath = null
  let done = false
  try {
    const result = copyAlong(value, owned, path)
    done = true
    return result
  } finally {
    // Kept for the next copy when emptied (popped: no reference to the data stays) and not huge.
    if (done && path.sources.length === 0 && path.deepest <= 1 << 16) sparePath = path
  }
}

/** The path lists of a copy, per depth: the source container, its copy, its keys (null for an array), the next index to copy. */
interface CopyPath {
  sources: object[]
  copies: object[]
  keyLists: (string[] | null)[]
  next: number[]
  /** The greatest depth they held (lists grown past 65,536 levels are not kept). */
  deepest: number
}

/** Lists of a finished copy, reused by the next: a deep copy then grows none. */
let sparePath: CopyPath | null = null
function copyAlong<T>(value: T & object, owned: Set<object> | undefined, path: CopyPath): { copy: T; cyclic: boolean } {
  const { sources, copies, keyLists, next } = path
  let cyclic = false
  let made = 0
  // A loop in the data makes the walk descend forever along a path that repeats (each object's
  // children come in a fixed order), so it passes the object it recorded at the last power-of-two
  // depth again within as many levels, once that depth is inside the loop (Brent's cycle finding).
  let anchor: object | null = null
  let anchorDepth = -1
  const enter = (source: object): object => {
    if (++made > COPY_LIMIT) throw new Error(`data too large to copy: its shared subtrees expand past ${COPY_LIMIT} objects`)
    const isArray = Array.isArray(source)
    const copy = isArray ? new Array((source as unknown[]).length) : {}
    owned?.add(copy)
    const d = sources.length
    if (d > path.deepest) path.deepest = d
    sources.push(source)
    copies.push(copy)
    keyLists.push(isArray ? null : Object.keys(source))
    next.push(0)
    if ((d & (d - 1)) === 0) {
      anchor = source
      anchorDepth = d
    }
    return copy
  }
  const root = enter(value)
  while (sources.length > 0) {
    const top = sources.length - 1
    const source = sources[top]!
    const keys = keyLists[top]!
    const length = keys === null ? (source as unknown[]).length : keys.length
    if (next[top] === length) {
      sources.pop()
      copies.pop()
      keyLists.pop()
      next.pop()
      if (anchorDepth >= top) anchor = null
      continue
    }
    const i = next[top]!++
    const key = keys === null ? i : keys[i]!
    const v = (source as Record<string, unknown>)[key]
    let out: unknown = v
    if (typeof v === 'object' && v !== null && isPlainContainer(v)) {
      if (v === anchor) {
        // The first value on the path that repeats one above it: from there the copy links back
        // to the earlier copy (what copying with a lookup of the whole path at each level gives).
        cyclic = true
        const at = firstRepeat(sources, v)
        out = copies[at.earlier]!
        if (at.index < sources.length) {
          const parent = at.index - 1
          const parentKeys = keyLists[parent]!
          const parentKey = parentKeys === null ? next[parent]! - 1 : parentKeys[next[parent]! - 1]!
          sources.length = copies.length = keyLists.length = next.length = at.index
          anchor = null
          setSlot(copies[parent]!, parentKey, out)
          continue
        }
        anchor = null
      } else {
        out = enter(v)
      }
    }
    setSlot(copies[top]!, key, out)
  }
  return { copy: root as T, cyclic }
}

function setSlot(copy: object, key: string | number, value: unknown): void {
  if (typeof key === 'number') (copy as unknown[])[key] = value
  else setOwn(copy as Record<string, unknown>, key, value)
}

/** In `path` followed by `last`: the first index holding an object found earlier, and that earlier index. */
function firstRepeat(path: readonly object[], last: object): { index: number; earlier: number } {
  const seen = new Map<object, number>()
  for (let i = 0; i <= path.length; i++) {
    const x = i === path.length ? last : path[i]!
    const earlier = seen.get(x)
    if (earlier !== undefined) return { index: i, earlier }
    seen.set(x, i)
  }
  throw new Error('unreachable: the last object is on the path')
}

/**
 * An array or a plain object: what `copyJson` copies (a class instance is shared, not copied).
 * A plain object of another realm (a `vm` context, an iframe, a worker's structured clone is
 * not one) counts: its prototype is that realm's `Object.prototype`.
 */
export function isPlainContainer(value: object): boolean {
  if (Array.isArray(value)) return true
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null || isObjectPrototype(proto)
}

/** `Object.prototype`s of other realms met so far. */
const foreignObjectPrototypes = new WeakSet<object>()
const functionText = Function.prototype.toString
const NATIVE_OBJECT = functionText.call(Object)

/**
 * Whether `proto` is some realm's `Object.prototype`: it has no prototype, and its own
 * `constructor` is a native `Object` whose `prototype` is `proto`. Read through descriptors (no
 * getter runs); anything that throws (a Proxy trap) is not one.
 */
function isObjectPrototype(proto: object): boolean {
  if (foreignObjectPrototypes.has(proto)) return true
  try {
    if (Object.getPrototypeOf(proto) !== null) return false
    const ctor = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value
    if (typeof ctor !== 'function' || Object.getOwnPropertyDescriptor(ctor, 'prototype')?.value !== proto) return false
    if (functionText.call(ctor) !== NATIVE_OBJECT) return false
  } catch {
    return false
  }
  foreignObjectPrototypes.add(proto)
  return true
}

/**
 * `JSON.stringify(value, null, indent)` for data nested any depth: the platform's own call first,
 * and where it runs out of stack (a `RangeError`), the same text written by an iterative walk
 * (`toJSON`, boxed primitives, `undefined` and functions omitted or `null` as JSON.stringify does;
 * own enumerable string keys). Throws `CyclicDataError` for data that contains itself and
 * JSON.stringify's `TypeError` for a BigInt.
 */
export function stringifyJson(value: unknown, indent?: number | string): string | undefined {
  try {
    return JSON.stringify(value, null, indent)
  } catch (e) {
    if (e instanceof TypeError && typeof value === 'object' && value !== null && isCyclic(value)) throw new CyclicDataError()
    if (!(e instanceof RangeError)) throw e
  }
  return stringifyDeep(value, indent === undefined ? '' : typeof indent === 'number' ? ' '.repeat(Math.min(10, Math.max(0, Math.floor(indent)))) : indent.slice(0, 10))
}

/** A value as JSON.stringify sees it: `toJSON` called, boxed primitives unwrapped. */
function toJsonValue(key: string, value: unknown): unknown {
  if (typeof value === 'object' && value !== null) {
    const toJSON = (value as { toJSON?: unknown }).toJSON
    if (typeof toJSON === 'function') value = toJSON.call(value, key)
  } else if (typeof value === 'bigint') {
    const toJSON = (BigInt.prototype as { toJSON?: unknown }).toJSON
    if (typeof toJSON === 'function') value = toJSON.call(value, key)
  }
  if (value instanceof Number) return Number(value)
  if (value instanceof String) return String(value)
  if (value instanceof Boolean) return value.valueOf()
  return value
}

const omitted = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol'

function stringifyDeep(value: unknown, gap: string): string | undefined {
  const root = toJsonValue('', value)
  if (omitted(root)) return undefined
  const parts: string[] = []
  const onPath = new Set<object>()
  // Work items: a value to write (with its depth), a literal written as is, or the end of a container.
  const work: unknown[] = [new Pending(root, 0)]
  while (work.length > 0) {
    const item = work.pop()
    if (item instanceof Literal) {
      parts.push(item.text)
      continue
    }
    if (item instanceof Leave) {
      onPath.delete(item.container)
      continue
    }
    const { value: v, depth } = item as Pending
    if (typeof v !== 'object' || v === null) {
      parts.push(JSON.stringify(v) ?? 'null')
      continue
    }
    if (onPath.has(v)) throw new CyclicDataError()
    const inner = gap === '' ? '' : '\n' + gap.repeat(depth + 1)
    const outer = gap === '' ? '' : '\n' + gap.repeat(depth)
    const entries: unknown[] = []
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = toJsonValue(String(i), v[i])
        entries.push(new Literal((i === 0 ? '' : ',') + inner), new Pending(omitted(x) ? null : x, depth + 1))
      }
      if (entries.length === 0) {
        parts.push('[]')
        continue
      }
      parts.push('[')
      entries.push(new Literal(outer + ']'))
    } else {
      for (const k of Object.keys(v)) {
        const x = toJsonValue(k, (v as Record<string, unknown>)[k])
        if (omitted(x)) continue
        entries.push(new Literal((entries.length === 0 ? '' : ',') + inner + JSON.stringify(k) + (gap === '' ? ':' : ': ')), new Pending(x, depth + 1))
      }
      if (entries.length === 0) {
        parts.push('{}')
        continue
      }
      parts.push('{')
      entries.push(new Literal(outer + '}'))
    }
    onPath.add(v)
    work.push(new Leave(v))
    for (let i = entries.length - 1; i >= 0; i--) work.push(entries[i])
  }
  return parts.join('')
}

class Pending {
  constructor(
    readonly value: unknown,
    readonly depth: number,
  ) {}
}
class Leave {
  constructor(readonly container: object) {}
}
