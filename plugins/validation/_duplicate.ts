/**
 * Finding two JSON-equal items of an array (`uniqueItems`), hash-based and linear in its size:
 * shared by the keyword and its issue words.
 */
import { equalWork, jsonEqual } from '../../core/documents/json.ts'
import type { RunContext } from '../../core/index.ts'

/** A string's hash from its length and up to four of its characters (cheap; collisions only cost a compare). */
function stringHash(s: string): number {
  const n = s.length
  if (n === 0) return 7
  return Math.imul(n, 0x9e3779b1) ^ Math.imul(s.charCodeAt(0), 31) ^ Math.imul(s.charCodeAt(n - 1), 0x85ebca6b) ^ Math.imul(s.charCodeAt(n >> 1), 0xc2b2ae35) ^ s.charCodeAt(n >> 2)
}

/** A value's hash one level deep: equal under `jsonEqual` gives equal hashes (0 and -0 alike). */
function shallowHash(v: unknown): number {
  if (typeof v === 'string') return stringHash(v)
  if (typeof v === 'number') return v === 0 ? 1 : Math.imul(v | 0, 0x27d4eb2d) ^ ((v * 1024) | 0)
  if (typeof v === 'boolean') return v ? 3 : 5
  if (v === null) return 11
  if (Array.isArray(v)) return Math.imul(v.length + 13, 0x165667b1)
  if (typeof v === 'object') return Math.imul(Object.keys(v).length + 17, 0x61c88647)
  return 19
}

/** Keys and items `itemHash` read since reset (a budgeted search charges them). */
let hashed = 0

/**
 * A JSON value's hash for finding duplicates: an object's own keys and their values' shallow
 * hashes summed (key order does not matter, as for `jsonEqual`), an array's items' in order.
 * Nested containers count by size only: bounded work per item, and no cycle can loop it.
 */
function itemHash(v: unknown): number {
  if (typeof v !== 'object' || v === null) return shallowHash(v)
  let h: number
  if (Array.isArray(v)) {
    hashed += v.length
    h = v.length + 0x2545
    for (let i = 0; i < v.length; i++) h = (Math.imul(h, 31) + shallowHash(v[i])) | 0
    return h
  }
  h = 0x3c6e
  const o = v as Record<string, unknown>
  const keys = Object.keys(o)
  hashed += keys.length
  for (const k of keys) h = (h + (stringHash(k) ^ Math.imul(shallowHash(o[k]), 0x9e3779b1))) | 0
  return h
}

/**
 * Indices of the first two JSON-equal items, or undefined. Short lists are compared pair by pair
 * (`===` equates 0 and -0 as JSON does; objects and arrays by structure, no key built: two small
 * objects compare in about a tenth of the time their canonical keys take); longer ones group
 * objects and arrays by a cheap hash (`itemHash`) and compare structurally only within a group,
 * primitives by value: linear in the list's size when items differ. With a work budget (`ctx`
 * given) each item and each structural comparison is charged as it is made, the comparison by
 * the values it read: items of one hash cannot make the search quadratic past the budget.
 */
export function duplicate(a: unknown[], ctx?: RunContext): [number, number] | undefined {
  if (ctx !== undefined) ctx.charge(a.length)
  if (a.length <= 16) {
    for (let i = 1; i < a.length; i++) {
      const v = a[i]
      const deep = typeof v === 'object' && v !== null
      for (let j = 0; j < i; j++) {
        if (v === a[j]) return [j, i]
        if (!deep) continue
        const equal = jsonEqual(v, a[j])
        if (ctx !== undefined) ctx.charge(equalWork())
        if (equal) return [j, i]
      }
    }
    return undefined
  }
  const primitives = new Map<unknown, number>()
  let groups: Map<number, number[] | number> | undefined
  for (let i = 0; i < a.length; i++) {
    const v = a[i]
    if (typeof v !== 'object' || v === null) {
      const key = typeof v === 'string' ? 's' + v : Object.is(v, -0) ? 0 : v
      const j = primitives.get(key)
      if (j !== undefined) return [j, i]
      primitives.set(key, i)
      continue
    }
    groups ??= new Map()
    hashed = 0
    const h = itemHash(v)
    if (ctx !== undefined) ctx.charge(hashed)
    const group = groups.get(h)
    if (group === undefined) {
      groups.set(h, i)
      continue
    }
    if (typeof group === 'number') {
      const equal = jsonEqual(v, a[group])
      if (ctx !== undefined) ctx.charge(equalWork())
      if (equal) return [group, i]
      groups.set(h, [group, i])
      continue
    }
    for (const j of group) {
      const equal = jsonEqual(v, a[j])
      if (ctx !== undefined) ctx.charge(equalWork())
      if (equal) return [j, i]
    }
    group.push(i)
  }
  return undefined
}

