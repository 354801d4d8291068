/**
 * String content as a regular expression over code points (the decoded value of a JSON string),
 * from `pattern`s (the repo's ECMAScript regex parser), `minLength` / `maxLength`, `format`s and
 * the names an object's extra keys may not take. The emitter writes it as grammar text (each code
 * point raw or in the escape `JSON.stringify` writes); `toRegExp` gives the same language as a
 * platform `RegExp`, which `serialize` uses to pick the union branch a string belongs to.
 */
import { parseRegex } from '../regex/parse.ts'
import type { RegexNode } from '../regex/parse.ts'
import type { Region } from './automaton.ts'
import { ANY, complement, normalize } from '../regex/charset.ts'
import { JSON_POINTER_RE } from '../formats/misc.ts'
import { EMAIL_RE, HOSTNAME_RE, IPV6_RE } from '../formats/network.ts'
import { IRI_REFERENCE_RE, IRI_RE, URI_REFERENCE_RE, URI_RE, URI_TEMPLATE_RE } from '../formats/uri.ts'

export type CExpr =
  | { t: 'set'; r: readonly number[] }
  | { t: 'seq'; xs: CExpr[] }
  | { t: 'alt'; xs: CExpr[] }
  | { t: 'rep'; x: CExpr; min: number; max: number }
  /** keys of one region of an automaton (automaton.ts): only ever a whole key */
  | Region

/**
 * The largest repetition bound an engine is handed as such (llama.cpp refuses a maximum of 2000
 * and reads a larger one as none); larger bounds are written as repetitions of blocks of this many.
 */
export const MAX_BOUND = 1000

/** The largest repetition bound written at all (larger ones are listed in `lost`). */
export const MAX_WRITTEN = 1_000_000

export const EMPTY: CExpr = { t: 'seq', xs: [] }
export const NEVER: CExpr = { t: 'alt', xs: [] }
export const ANY_CHAR: CExpr = { t: 'set', r: ANY }

export const set = (r: readonly number[]): CExpr => (r.length ? { t: 'set', r } : NEVER)
export const chr = (c: string): CExpr => set([c.codePointAt(0)!, c.codePointAt(0)!])
export function seq(xs: CExpr[]): CExpr {
  const out: CExpr[] = []
  for (const x of xs) {
    if (isNever(x)) return NEVER
    if (x.t === 'seq') out.push(...x.xs)
    else out.push(x)
  }
  return out.length === 1 ? out[0]! : { t: 'seq', xs: out }
}
export function alt(xs: CExpr[]): CExpr {
  const out: CExpr[] = []
  for (const x of xs) {
    if (isNever(x)) continue
    if (x.t === 'alt') out.push(...x.xs)
    else out.push(x)
  }
  return out.length === 1 ? out[0]! : { t: 'alt', xs: out }
}
export function rep(x: CExpr, min: number, max: number): CExpr {
  if (max < min) return NEVER
  if (isNever(x)) return min === 0 ? EMPTY : NEVER
  if (max === 0) return EMPTY
  if (min === 1 && max === 1) return x
  return { t: 'rep', x, min, max }
}
export const text = (s: string): CExpr => seq(Array.from(s, chr))
export const isNever = (x: CExpr): boolean => x.t === 'alt' && x.xs.length === 0

export function nullable(x: CExpr): boolean {
  switch (x.t) {
    case 'set': return false
    case 'seq': return x.xs.every(nullable)
    case 'alt': return x.xs.some(nullable)
    case 'rep': return x.min === 0 || nullable(x.x)
    case 'dfa': return x.dfa.label[0] === x.label
  }
}

/**
 * The same language without the empty string: llama.cpp refuses an open repetition of an item
 * that may be empty, so `(a?)*` is written `a*`.
 */
export function nonEmpty(x: CExpr): CExpr {
  if (!nullable(x)) return x
  switch (x.t) {
    case 'set': return x
    case 'dfa': return x
    case 'alt': return alt(x.xs.map(nonEmpty))
    case 'rep': return rep(nonEmpty(x.x), 1, x.max)
    case 'seq': {
      const [head, ...rest] = x.xs
      if (head === undefined) return NEVER
      return alt([seq([nonEmpty(head), ...rest]), nonEmpty(seq(rest))])
    }
  }
}

/** Why a pattern has no exact regular form here (a backreference, a lookaround, `\p{..}`...). */
export class Irregular extends Error {}

/** Whether the repetitions had to be widened (a bound past `MAX_WRITTEN`): the language is then larger. */
export interface Translated {
  expr: CExpr
  widened: boolean
}

/**
 * The strings `pattern` matches anywhere (ECMAScript `RegExp.prototype.test`), as a whole-string
 * language: `^` at the start and `$` at the end of a top-level branch anchor it, else any text may
 * stand before or after.
 * @throws Irregular for what no regular expression over code points says (or this one does not read)
 */
export function fromPattern(source: string): Translated {
  let node: RegexNode
  try {
    node = parseRegex(source, 'unicode')
  } catch {
    try {
      new RegExp(source, 'u')
      throw new Irregular('unsupported syntax')
    } catch (e) {
      if (e instanceof Irregular) throw e
      try {
        node = parseRegex(source, 'legacy')
      } catch {
        throw new Irregular('unsupported syntax')
      }
    }
  }
  const state = { widened: false }
  const branches = node.type === 'alt' ? node.branches : [node]
  const anyText = rep(ANY_CHAR, 0, Infinity)
  const out = branches.map((b) => {
    const items = b.type === 'seq' ? [...b.items] : [b]
    let start = false
    let end = false
    while (items[0]?.type === 'assert' && items[0].kind === '^') items.shift(), (start = true)
    while (items.at(-1)?.type === 'assert' && (items.at(-1) as { kind: string }).kind === '$') items.pop(), (end = true)
    // `^` left after stripping can still only match at the start; with `$` the same at the end
    const body = seq(items.map((i) => translate(i, state)))
    return seq([start ? EMPTY : anyText, body, end ? EMPTY : anyText])
  })
  return { expr: alt(out), widened: state.widened }
}

function translate(n: RegexNode, state: { widened: boolean }): CExpr {
  switch (n.type) {
    case 'char': return set([n.cp, n.cp])
    case 'class':
      if (n.properties.length) throw new Irregular('a Unicode property escape')
      return set(n.negated ? complement(n.ranges) : n.ranges)
    case 'seq': return seq(n.items.map((i) => translate(i, state)))
    case 'alt': return alt(n.branches.map((b) => translate(b, state)))
    case 'group': return translate(n.body, state)
    case 'repeat': {
      if (n.min > MAX_WRITTEN) throw new Irregular(`a repetition of at least ${n.min}`)
      let max = n.max
      if (max !== Infinity && max > MAX_WRITTEN) {
        max = Infinity
        state.widened = true
      }
      const body = translate(n.body, state)
      if (max === Infinity && nullable(body)) return rep(nonEmpty(body), 0, Infinity)
      return rep(body, n.min, max)
    }
    case 'look': throw new Irregular('a lookaround')
    case 'backref': throw new Irregular('a backreference')
    case 'assert': throw new Irregular(`an assertion (${n.kind}) inside the pattern`)
  }
}

/** Any text of `min` to `max` code points. */
export function lengthOnly(min: number, max: number): CExpr {
  return rep(ANY_CHAR, min, max)
}

/**
 * Strings other than `names`: a trie of the names, each node either ending (where no name ends
 * there), going on with a character no name continues with, or following a name's next
 * character. Linear in the names' total length.
 */
export function notIn(names: readonly string[]): CExpr {
  interface Trie {
    end: boolean
    next: Map<number, Trie>
  }
  const root: Trie = { end: false, next: new Map() }
  for (const n of names) {
    let t = root
    for (const ch of n) {
      const cp = ch.codePointAt(0)!
      let u = t.next.get(cp)
      if (!u) t.next.set(cp, (u = { end: false, next: new Map() }))
      t = u
    }
    t.end = true
  }
  const anyText = rep(ANY_CHAR, 0, Infinity)
  const walk = (t: Trie): CExpr => {
    const used = normalize([...t.next.keys()].flatMap((c) => [c, c]))
    const branches: CExpr[] = []
    if (!t.end) branches.push(EMPTY)
    branches.push(seq([set(complement(used)), anyText]))
    for (const [cp, u] of t.next) branches.push(seq([set([cp, cp]), walk(u)]))
    return alt(branches)
  }
  return walk(root)
}

const re = (source: string): CExpr => fromPattern(source).expr

const YEAR = '[0-9]{4}'
const LEAP_YEAR = '(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)'
const MD = '(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))'
const DATE = `(?:${YEAR}-${MD}|${LEAP_YEAR}-02-29)`
const OFFSET = '(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])'
// Second 60 at any time of day: a leap second is valid only where the local time is 23:59 UTC,
// and that ties the hour and minute to the offset written after them (crossing dependencies: a
// table of 1,440 offsets, not a rule of linear size). Refusing it would reject valid leap
// seconds written in another offset, so the grammar accepts more here and says so.
const TIME = `(?:[01][0-9]|2[0-3]):[0-5][0-9]:(?:[0-5][0-9]|60)(?:\\.[0-9]+)?${OFFSET}`
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])'

/**
 * Formats whose checkers (formats/) accept a regular language, as patterns (the checkers' own
 * expressions where they are one): `partial` when the grammar accepts fewer strings than the
 * checker (never more), `wider` when it accepts more (a length limit or an IDNA check on top).
 */
const FORMATS: Record<string, { source: string; partial?: string; wider?: string }> = {
  date: { source: `^${DATE}$` },
  time: { source: `^${TIME}$`, wider: 'second 60 is accepted at any time (a leap second is valid only at 23:59:60 UTC)' },
  'date-time': { source: `^${DATE}[Tt]${TIME}$`, wider: 'second 60 is accepted at any time (a leap second is valid only at 23:59:60 UTC)' },
  uuid: { source: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' },
  ipv4: { source: `^${OCTET}(?:\\.${OCTET}){3}$` },
  ipv6: { source: IPV6_RE.source },
  uri: { source: URI_RE.source },
  'uri-reference': { source: URI_REFERENCE_RE.source },
  iri: { source: IRI_RE.source },
  'iri-reference': { source: IRI_REFERENCE_RE.source },
  'uri-template': { source: URI_TEMPLATE_RE.source },
  'json-pointer': { source: JSON_POINTER_RE.source },
  email: { source: EMAIL_RE.source, wider: 'the length limits (254, local part 64) and xn-- labels are not checked' },
  hostname: { source: HOSTNAME_RE.source, wider: 'the 253-character limit and xn-- labels are not checked' },
}

/** The content of a format's strings, or undefined for a format with no regular form here. */
export function fromFormat(name: string): { expr: CExpr; partial?: string; wider?: string } | undefined {
  const f = Object.hasOwn(FORMATS, name) ? FORMATS[name] : undefined
  if (!f) return undefined
  let expr: CExpr
  try {
    expr = re(f.source)
  } catch {
    return undefined
  }
  return { expr, ...(f.partial ? { partial: f.partial } : {}), ...(f.wider ? { wider: f.wider } : {}) }
}

/** The language as a `RegExp` with the `u` flag, anchored. */
export function toRegExp(x: CExpr): RegExp {
  return new RegExp(`^(?:${source(x)})$`, 'u')
}

function source(x: CExpr): string {
  switch (x.t) {
    case 'set': {
      if (x.r.length === 0) return '[]'
      let s = '['
      for (let i = 0; i < x.r.length; i += 2) s += x.r[i] === x.r[i + 1] ? cp(x.r[i]!) : `${cp(x.r[i]!)}-${cp(x.r[i + 1]!)}`
      return s + ']'
    }
    case 'seq': return x.xs.map((y) => `(?:${source(y)})`).join('')
    case 'alt': return x.xs.length ? x.xs.map(source).join('|') : '[]'
    case 'rep': return `(?:${source(x.x)}){${x.min},${x.max === Infinity ? '' : x.max}}`
    case 'dfa': throw new TypeError('schemavet: an automaton region has no RegExp form (shape.ts tests it directly)')
  }
}
const cp = (n: number) => `\\u{${n.toString(16)}}`
