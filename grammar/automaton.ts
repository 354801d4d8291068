/**
 * Key languages as a deterministic automaton, for what a regular expression over code points
 * cannot say in linear size: the keys an object's extra members take when `patternProperties`
 * decide their values. A key matching patterns S (and no declared name) takes the schemas of S; a
 * key matching none takes `additionalProperties`. Each such region is a boolean combination of the
 * patterns' languages (complements included), which one subset construction over all of them at
 * once gives: a state's label is the set of patterns (and whether a declared name) it accepts.
 * The emitter writes a region as right-linear rules, one per state. The construction is bounded
 * (`MAX_STATES`); past it the caller keeps its approximation.
 */
import { complement, normalize } from '../regex/charset.ts'
import type { CExpr } from './content.ts'

/** A deterministic automaton over code points; state 0 is the start. */
export interface Dfa {
  /** Per state: its edges (disjoint code point sets, each to one state). */
  readonly edges: readonly (readonly { r: readonly number[]; to: number }[])[]
  /** Per state: a bit per component whose language it accepts. */
  readonly label: readonly number[]
}

/** A region of a `Dfa`: the keys whose label is `label` (as a `CExpr` leaf the emitter writes as rules). */
export interface Region {
  readonly t: 'dfa'
  readonly dfa: Dfa
  readonly label: number
}

/** Subset construction past this many states gives up (the grammar stays linear in the schema). */
export const MAX_STATES = 2000
/** NFA states past this many (bounded repetitions copied out) give up too. */
const MAX_NFA = 20000

interface Nfa {
  eps: number[][]
  edges: { r: readonly number[]; to: number }[][]
  /** accepting state per component */
  finals: number[]
}

/**
 * The automaton of `parts` (component i's language accepted where bit i of a label is set), or
 * undefined past the bounds.
 */
export function automaton(parts: readonly CExpr[]): Dfa | undefined {
  const nfa: Nfa = { eps: [], edges: [], finals: [] }
  const node = () => {
    if (nfa.eps.length >= MAX_NFA) throw new RangeError('automaton too large')
    nfa.eps.push([])
    nfa.edges.push([])
    return nfa.eps.length - 1
  }
  // Thompson's construction: a fragment from `a` to `b`
  const build = (x: CExpr, a: number, b: number): void => {
    switch (x.t) {
      case 'set':
        nfa.edges[a]!.push({ r: x.r, to: b })
        return
      case 'seq': {
        let from = a
        x.xs.forEach((y, i) => {
          const to = i === x.xs.length - 1 ? b : node()
          build(y, from, to)
          from = to
        })
        if (x.xs.length === 0) nfa.eps[a]!.push(b)
        return
      }
      case 'alt':
        for (const y of x.xs) {
          const s = node()
          const e = node()
          nfa.eps[a]!.push(s)
          nfa.eps[e]!.push(b)
          build(y, s, e)
        }
        return
      case 'rep': {
        let from = a
        for (let i = 0; i < x.min; i++) {
          const to = node()
          build(x.x, from, to)
          from = to
        }
        if (x.max === Infinity) {
          const s = node()
          const e = node()
          nfa.eps[from]!.push(s, b)
          nfa.eps[e]!.push(s, b)
          build(x.x, s, e)
          return
        }
        for (let i = x.min; i < x.max; i++) {
          const to = node()
          nfa.eps[from]!.push(b)
          build(x.x, from, to)
          from = to
        }
        nfa.eps[from]!.push(b)
        return
      }
    }
  }
  let start: number
  try {
    start = node()
    for (const p of parts) {
      const s = node()
      const f = node()
      nfa.eps[start]!.push(s)
      build(p, s, f)
      nfa.finals.push(f)
    }
  } catch {
    return undefined
  }
  const closure = (set: number[]): number[] => {
    const seen = new Set(set)
    const stack = [...set]
    while (stack.length) for (const t of nfa.eps[stack.pop()!]!) if (!seen.has(t)) (seen.add(t), stack.push(t))
    return [...seen].sort((x, y) => x - y)
  }
  const ids = new Map<string, number>()
  const sets: number[][] = []
  const edges: { r: number[]; to: number }[][] = []
  const label: number[] = []
  const intern = (set: number[]): number | undefined => {
    const key = set.join(',')
    const known = ids.get(key)
    if (known !== undefined) return known
    if (sets.length >= MAX_STATES) return undefined
    ids.set(key, sets.length)
    sets.push(set)
    let bits = 0
    nfa.finals.forEach((f, i) => {
      if (set.includes(f)) bits |= 1 << i
    })
    label.push(bits)
    return sets.length - 1
  }
  intern(closure([start]))
  for (let i = 0; i < sets.length; i++) {
    // the code point boundaries of the edges leaving this set: each elementary range moves together
    const out: { r: readonly number[]; to: number }[] = []
    for (const s of sets[i]!) out.push(...nfa.edges[s]!)
    const cuts = new Set<number>()
    for (const e of out) for (let k = 0; k < e.r.length; k += 2) (cuts.add(e.r[k]!), cuts.add(e.r[k + 1]! + 1))
    const points = [...cuts].sort((x, y) => x - y)
    const byTarget = new Map<number, number[]>()
    for (let k = 0; k + 1 < points.length; k++) {
      const lo = points[k]!
      const hi = points[k + 1]! - 1
      const targets = out.filter((e) => within(e.r, lo)).map((e) => e.to)
      if (targets.length === 0) continue
      const to = intern(closure(targets))
      if (to === undefined) return undefined
      const list = byTarget.get(to) ?? []
      list.push(lo, hi)
      byTarget.set(to, list)
    }
    edges.push([...byTarget].map(([to, r]) => ({ r: normalize(r), to })))
  }
  // a sink for the code points no edge takes (complements need it)
  let sink = -1
  for (let i = 0; i < edges.length; i++) {
    const covered = normalize(edges[i]!.flatMap((e) => [...e.r]))
    const rest = complement(covered)
    if (rest.length === 0) continue
    if (sink < 0) {
      sink = edges.length
      edges.push([])
      label.push(0)
    }
    edges[i]!.push({ r: rest, to: sink })
  }
  if (sink >= 0) edges[sink]!.push({ r: [0, 0x10ffff], to: sink })
  return { edges, label }
}

function within(r: readonly number[], c: number): boolean {
  for (let i = 0; i < r.length; i += 2) if (r[i]! <= c && c <= r[i + 1]!) return true
  return false
}

/** The labels some key reaches (each a region that is not empty). */
export function labels(dfa: Dfa): Set<number> {
  return new Set(dfa.label)
}

/** Whether `key` is in `region`. */
export function inRegion(region: Region, key: string): boolean {
  let s = 0
  for (const ch of key) {
    const c = ch.codePointAt(0)!
    const e = region.dfa.edges[s]!.find((x) => within(x.r, c))
    if (!e) return false
    s = e.to
  }
  return region.dfa.label[s] === region.label
}

/** The states from which a key of `region` can still be completed (the others are dead). */
export function live(region: Region): boolean[] {
  const n = region.dfa.edges.length
  const alive = region.dfa.label.map((l) => l === region.label)
  let changed = true
  while (changed) {
    changed = false
    for (let s = 0; s < n; s++) {
      if (alive[s]) continue
      if (region.dfa.edges[s]!.some((e) => alive[e.to])) (alive[s] = true, (changed = true))
    }
  }
  return alive
}
