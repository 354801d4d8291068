/**
 * Grammar text from the nodes of `shape.ts`, in llama.cpp's GBNF or XGrammar's EBNF. Both read
 * `name ::= expression` rules with `"..."` literals, `[...]` classes, groups, `? * + {m,n}`, and a
 * rule `root`; names here are letters and digits only (GBNF allows `-` but not `_`). Where they
 * differ: llama.cpp reads a `{m,n}` maximum above 2000 as none and refuses a repetition whose item
 * is a group worth as many rules, so every repeated item is a single class, literal or rule name;
 * this XGrammar build matches a class by code point only for ASCII members (a positive class with
 * another member never matches, a negated one always lets any non-ASCII character through), so
 * non-ASCII sets are written as literals, or as "any non-ASCII character" and listed in `lost`.
 *
 * Whitespace: none (compact), or with `indent` a newline and `indent` spaces per level before each
 * member and before a closing bracket of a non-empty container, `": "` after a key: the text
 * `JSON.stringify(value, null, indent)` writes, and nothing else. Rules take the nesting level
 * as part of their name (a subschema used at two levels has two copies) up to `DEPTH_CAP`
 * levels; deeper levels share rules whose newline takes at least that many spaces.
 */
import { ANY, complement, intersects, normalize } from '../regex/charset.ts'
import { ANY_CHAR, MAX_BOUND, alt, rep, seq } from './content.ts'
import type { CExpr } from './content.ts'
import { live } from './automaton.ts'
import type { Region } from './automaton.ts'
import type { Lost, Ref, VNode } from './shape.ts'
import { isAnyNode } from './shape.ts'

export type GrammarFormat = 'gbnf' | 'xgrammar'


/** The code points JSON text carries raw in a string: not `"`, `\\`, a control or a lone surrogate. */
const JSON_RAW = complement(normalize([0x22, 0x22, 0x5c, 0x5c, 0, 0x1f, 0xd800, 0xdfff]))
/** Nesting levels given rules of their own when indenting. */
export const DEPTH_CAP = 8

/** Passes of `merge` (each removes rules; parents of merged rules become equal on the next). */
const MERGE_PASSES = 6

/** Grammar expressions: literal text, a code point set, a rule, sequence, choice, repetition. */
type G =
  | { t: 'lit'; s: string }
  | { t: 'cls'; r: readonly number[]; negated?: boolean }
  | { t: 'ref'; name: string }
  | { t: 'seq'; xs: G[] }
  | { t: 'alt'; xs: G[] }
  | { t: 'rep'; x: G; min: number; max: number }

const lit = (s: string): G => ({ t: 'lit', s })
const gseq = (...xs: G[]): G => {
  const out: G[] = []
  for (const x of xs) {
    if (x.t === 'seq') out.push(...x.xs)
    else if (!(x.t === 'lit' && x.s === '')) out.push(x)
  }
  // merge adjacent literals
  const merged: G[] = []
  for (const x of out) {
    const last = merged.at(-1)
    if (last && last.t === 'lit' && x.t === 'lit') merged[merged.length - 1] = lit(last.s + x.s)
    else merged.push(x)
  }
  return merged.length === 1 ? merged[0]! : { t: 'seq', xs: merged }
}
const galt = (...xs: G[]): G => (xs.length === 1 ? xs[0]! : { t: 'alt', xs })
const opt = (x: G): G => ({ t: 'rep', x, min: 0, max: 1 })

export class Emitter {
  private rules = new Map<string, string>()
  private order: string[] = []
  private byBody = new Map<string, string>()
  private next = 0
  readonly lost: Lost[] = []
  private lostNonAscii = false

  constructor(
    readonly format: GrammarFormat,
    readonly indent: number,
  ) {}

  /** The whole grammar, `root` first. */
  grammar(root: Ref): string {
    const body = this.value(root, 0)
    this.rules.set('root', this.write(body))
    this.order.unshift('root')
    this.merge()
    return this.order.map((n) => `${n} ::= ${this.rules.get(n)}`).join('\n') + '\n'
  }

  /**
   * Rules with the same text are one rule: the same subschema at another location, or at another
   * level where its text does not depend on the level (a string, a number, an enum of scalars).
   * Same right-hand sides over the same rules denote the same language, so each pass keeps the
   * first of each text and renames the others where they are used; renaming may make more texts
   * equal (their parents), hence a few passes, each linear in the grammar's size.
   */
  private merge(): void {
    for (let pass = 0; pass < MERGE_PASSES; pass++) {
      const first = new Map<string, string>()
      const alias = new Map<string, string>()
      for (const name of this.order) {
        if (name === 'root') continue
        const text = this.rules.get(name)!
        const known = first.get(text)
        if (known === undefined) first.set(text, name)
        else alias.set(name, known)
      }
      if (alias.size === 0) return
      this.order = this.order.filter((n) => !alias.has(n))
      for (const name of this.order) this.rules.set(name, renameRules(this.rules.get(name)!, alias))
      for (const name of alias.keys()) this.rules.delete(name)
    }
  }

  /** A rule holding `g`, shared with any rule of the same text. */
  private define(g: G, hint = 'r'): G {
    if (g.t === 'ref') return g
    const text = this.write(g)
    const known = this.byBody.get(text)
    if (known) return { t: 'ref', name: known }
    const name = `${hint}${this.next++}`
    this.byBody.set(text, name)
    this.rules.set(name, text)
    this.order.push(name)
    return { t: 'ref', name }
  }

  private named = new Map<string, string>()

  /** A rule for a node at a level, made once (recursion refers to the name before its body exists). */
  private value(ref: Ref, depth: number): G {
    const d = this.indent ? Math.min(depth, DEPTH_CAP) : 0
    const key = `${ref.id}@${d}`
    const known = this.named.get(key)
    if (known) return { t: 'ref', name: known }
    const name = `n${ref.id}x${d}`
    this.named.set(key, name)
    this.order.push(name)
    this.rules.set(name, '')
    this.rules.set(name, this.write(this.node(ref.get(), d)))
    return { t: 'ref', name }
  }

  private nl(depth: number): G {
    if (!this.indent) return lit('')
    if (depth >= DEPTH_CAP) return gseq(lit('\n' + ' '.repeat(this.indent * DEPTH_CAP)), this.define({ t: 'rep', x: lit(' '), min: 0, max: Infinity }, 'sp'))
    return lit('\n' + ' '.repeat(this.indent * depth))
  }

  private node(n: VNode, d: number): G {
    switch (n.k) {
      case 'never':
        return this.never()
      case 'union':
        return galt(...n.alts.map((a) => this.value(a, d)))
      case 'lits':
        return galt(...n.values.map((v) => this.literal(v, d)))
      case 'typed': {
        if (isAnyNode(n)) return this.anyValue(d)
        const alts: G[] = []
        if (n.kinds.has('null')) alts.push(lit('null'))
        if (n.kinds.has('boolean')) alts.push(lit('true'), lit('false'))
        if (n.kinds.has('number')) alts.push(this.number(n.num))
        if (n.kinds.has('string')) alts.push(this.string(n.str))
        if (n.kinds.has('array')) alts.push(this.array(n.arr, d))
        if (n.kinds.has('object')) alts.push(this.object(n.obj, d))
        return alts.length ? galt(...alts) : this.never()
      }
    }
  }

  /** A literal's JSON text at a level; past `DEPTH_CAP` its newlines take the lenient indentation. */
  private literal(v: unknown, d: number): G {
    if (!this.indent || d < DEPTH_CAP) return lit(literalText(v, this.indent, d))
    const lines = JSON.stringify(v, null, this.indent).split('\n')
    const parts: G[] = [lit(lines[0]!)]
    for (const line of lines.slice(1)) parts.push(this.nl(DEPTH_CAP), lit(line.trimStart()))
    return gseq(...parts)
  }

  /** Matches no finite text (a schema no value meets). */
  private never(): G {
    const name = 'never'
    if (!this.rules.has(name)) {
      this.rules.set(name, '"\\x00" never')
      this.order.push(name)
    }
    return { t: 'ref', name }
  }

  private anyValue(d: number): G {
    const dd = this.indent ? Math.min(d, DEPTH_CAP) : 0
    const name = `value${dd}`
    if (this.rules.has(name)) return { t: 'ref', name }
    this.rules.set(name, '')
    this.order.push(name)
    const me: G = { t: 'ref', name }
    const inner = this.anyValue(d + 1)
    const sep = gseq(lit(','), this.nl(d + 1))
    const member = gseq(this.string(undefined), lit(this.indent ? ': ' : ':'), inner)
    const obj = galt(lit('{}'), gseq(lit('{'), this.nl(d + 1), this.define(member, 'm'), this.define({ t: 'rep', x: this.define(gseq(sep, this.define(member, 'm')), 'm'), min: 0, max: Infinity }, 'ms'), this.nl(d), lit('}')))
    const arr = galt(lit('[]'), gseq(lit('['), this.nl(d + 1), inner, this.define({ t: 'rep', x: this.define(gseq(sep, inner), 'e'), min: 0, max: Infinity }, 'es'), this.nl(d), lit(']')))
    void me
    this.rules.set(name, this.write(galt(lit('null'), lit('true'), lit('false'), this.number({ integer: false }), this.string(undefined), arr, obj)))
    return { t: 'ref', name }
  }

  private number(spec: { integer: boolean; lo?: number; hi?: number; range?: { lo: number; loEx: boolean; hi: number; hiEx: boolean } }): G {
    const digits = (min: number) => this.define({ t: 'rep', x: { t: 'cls', r: [0x30, 0x39] }, min, max: Infinity }, 'dg')
    const nat: G = galt(lit('0'), gseq({ t: 'cls', r: [0x31, 0x39] }, digits(0)))
    const frac = opt(gseq(lit('.'), digits(1)))
    const exp = opt(gseq({ t: 'cls', r: [0x45, 0x45, 0x65, 0x65] }, opt({ t: 'cls', r: [0x2b, 0x2b, 0x2d, 0x2d] }), digits(1)))
    if (!spec.integer) {
      if (spec.range) return this.define(this.content(numberRange(spec.range)), 'num')
      return this.define(gseq(opt(lit('-')), nat, frac, exp), 'num')
    }
    // integers: digit ranges where bounded; JSON.stringify writes integers from 1e21 up with an exponent
    const big: G = gseq(
      { t: 'cls', r: [0x31, 0x39] },
      opt(gseq(lit('.'), { t: 'rep', x: { t: 'cls', r: [0x30, 0x39] }, min: 0, max: 15 }, { t: 'cls', r: [0x31, 0x39] })),
      lit('e+'),
      galt(gseq(lit('2'), { t: 'cls', r: [0x31, 0x39] }), gseq({ t: 'cls', r: [0x33, 0x39] }, { t: 'cls', r: [0x30, 0x39] }), gseq({ t: 'cls', r: [0x31, 0x32] }, { t: 'cls', r: [0x30, 0x39] }, { t: 'cls', r: [0x30, 0x39] }), gseq(lit('30'), { t: 'cls', r: [0x30, 0x38] })),
    )
    const lo = spec.lo ?? -Infinity
    const hi = spec.hi ?? Infinity
    const alts: G[] = []
    if (hi >= 0) {
      const a = Math.max(lo, 0)
      alts.push(this.content(natRange(a, hi)))
      if (hi === Infinity) alts.push(big)
    }
    if (lo < 0) {
      const a = Math.max(-hi, 1)
      alts.push(gseq(lit('-'), this.content(natRange(a, -lo))))
      if (lo === -Infinity) alts.push(gseq(lit('-'), big))
    }
    return this.define(galt(...alts), 'int')
  }

  private string(content: CExpr | undefined): G {
    if (content === undefined) return this.define(gseq(lit('"'), this.define({ t: 'rep', x: this.jsonChar(ANY), min: 0, max: Infinity }, 'chars'), lit('"')), 'str')
    return this.define(gseq(lit('"'), this.content(content, true), lit('"')), 'str')
  }

  /** One code point of `set` as JSON string text: raw, or the escape JSON.stringify writes. */
  private jsonChar(set: readonly number[]): G {
    // Every edge of a key automaton asks for its set again: a pattern-heavy schema makes the
    // same few sets thousands of times, each costing the intersections and a rule written.
    const key = set.join(',')
    const known = this.jsonChars.get(key)
    if (known !== undefined) return known
    const g = this.jsonCharOf(set)
    this.jsonChars.set(key, g)
    return g
  }

  private jsonChars = new Map<string, G>()

  private jsonCharOf(set: readonly number[]): G {
    const raw = intersect(set, JSON_RAW)
    const alts: G[] = []
    if (raw.length) alts.push(this.cls(raw))
    const esc = this.escapes(set)
    if (esc) alts.push(esc)
    if (alts.length === 0) return this.never()
    const g = galt(...alts)
    return g.t === 'cls' || g.t === 'lit' || g.t === 'ref' ? g : this.define(g, 'c')
  }

  /**
   * The escapes JSON.stringify writes for the members of `set` it escapes, as one shared rule of
   * classes: a backslash, then a letter (`"`, `\`, b, t, n, f, r), `u00` and two lowercase hex
   * digits (the other controls), or `ud` and three (a lone surrogate). Listing the 34 escapes as
   * alternatives made every string rule some 400 bytes, and slowed XGrammar's compile.
   */
  private escapes(set: readonly number[]): G | undefined {
    const short: Record<number, string> = { 0x22: '"', 0x5c: '\\', 8: 'b', 9: 't', 10: 'n', 12: 'f', 13: 'r' }
    const letters: number[] = []
    const low: number[][] = [[], []]
    for (let c = 0; c < 0x20; c++) {
      if (!has(set, c)) continue
      const l = short[c]
      if (l !== undefined) letters.push(l.charCodeAt(0), l.charCodeAt(0))
      else {
        const d = (c & 15).toString(16).charCodeAt(0)
        low[c >> 4]!.push(d, d)
      }
    }
    for (const c of [0x22, 0x5c]) if (has(set, c)) letters.push(short[c]!.charCodeAt(0), short[c]!.charCodeAt(0))
    const parts: G[] = []
    if (letters.length) parts.push({ t: 'cls', r: normalize(letters) })
    const u = [0, 1].filter((h) => low[h]!.length).map((h) => gseq(lit(String(h)), { t: 'cls', r: normalize(low[h]!) }))
    if (u.length) parts.push(gseq(lit('u00'), galt(...u)))
    if (covers(set, 0xd800, 0xdfff)) parts.push(gseq(lit('ud'), { t: 'cls', r: [0x38, 0x39, 0x61, 0x66] }, { t: 'cls', r: [0x30, 0x39, 0x61, 0x66] }, { t: 'cls', r: [0x30, 0x39, 0x61, 0x66] }))
    if (parts.length === 0) return undefined
    return this.define(gseq(lit('\\'), galt(...parts)), 'esc')
  }

  /** A code point set as grammar classes (XGrammar: non-ASCII members as literals, or approximated). */
  private cls(r: readonly number[]): G {
    if (this.format === 'gbnf') return { t: 'cls', r }
    const ascii = intersect(r, [0, 0x7f])
    const rest = intersect(r, [0x80, 0x10ffff])
    const nonAscii = complement(normalize([0, 0x7f, 0xd800, 0xdfff]))
    const alts: G[] = []
    if (rest.length === 0) return { t: 'cls', r: ascii }
    if (covers(rest, 0x80, 0xd7ff) && covers(rest, 0xe000, 0x10ffff)) {
      // a negated class of ASCII members lets every non-ASCII character through
      const excluded = intersect(complement(ascii), [0, 0x7f])
      return excluded.length ? { t: 'cls', r: excluded, negated: true } : galt({ t: 'cls', r: [0, 0x7f] }, { t: 'cls', r: [0x30, 0x30], negated: true })
    }
    if (ascii.length) alts.push({ t: 'cls', r: ascii })
    let count = 0
    for (let i = 0; i < rest.length; i += 2) count += rest[i + 1]! - rest[i]! + 1
    if (count <= 64) {
      for (let i = 0; i < rest.length; i += 2) for (let c = rest[i]!; c <= rest[i + 1]!; c++) if (c < 0xd800 || c > 0xdfff) alts.push(lit(String.fromCodePoint(c)))
    } else {
      if (!this.lostNonAscii) this.lost.push({ keyword: 'pattern', schemaPath: '#', how: 'XGrammar: a range of non-ASCII characters is written as any non-ASCII character' })
      this.lostNonAscii = true
      void nonAscii
      alts.push({ t: 'cls', r: [0, 0x7f], negated: true })
    }
    return galt(...alts)
  }

  /** String content as grammar, each code point in JSON text form (`json`), or digits as they are. */
  private content(x: CExpr, json = false): G {
    switch (x.t) {
      case 'set': return json ? this.jsonChar(x.r) : this.cls(x.r)
      case 'dfa': return this.region(x, json)
      // A choice inside a sequence is a rule of its own: XGrammar's compile time grows steeply
      // with the nesting of one rule's expression (the trie of declared names that extra keys
      // avoid nests as deep as the longest name: 21 s for one SchemaStore schema, 0.8 s split).
      case 'seq': return gseq(...x.xs.map((y) => {
        const g = this.content(y, json)
        return g.t === 'alt' ? this.define(g, 'q') : g
      }))
      case 'alt': return x.xs.length ? galt(...x.xs.map((y) => this.content(y, json))) : this.never()
      case 'rep': {
        let body = this.content(x.x, json)
        if (!(body.t === 'cls' || body.t === 'lit' || body.t === 'ref')) body = this.define(body, 'p')
        // one rule per repetition text: XGrammar makes a rule of every `x*` it reads, so the same
        // `c*` written at each node of a trie is as many rules unless it is named once
        return this.define({ t: 'rep', x: body, min: x.min, max: x.max }, 'z')
      }
    }
  }

  /**
   * The keys of an automaton's region as right-linear rules, one per state that reaches the
   * region (the others are left out): a state's rule is the empty text where the state is in the
   * region, else or also each edge's characters followed by the next state's rule.
   */
  private region(x: Region, json: boolean): G {
    const alive = live(x)
    if (!alive[0]) return this.never()
    const base = `a${this.next++}s`
    const seen = new Set<number>([0])
    const todo = [0]
    while (todo.length) {
      const s = todo.pop()!
      const alts: G[] = []
      if (x.dfa.label[s] === x.label) alts.push(lit(''))
      for (const e of x.dfa.edges[s]!) {
        if (!alive[e.to]) continue
        if (!seen.has(e.to)) (seen.add(e.to), todo.push(e.to))
        alts.push(gseq(json ? this.jsonChar(e.r) : this.cls(e.r), { t: 'ref', name: `${base}${e.to}` }))
      }
      const name = `${base}${s}`
      this.rules.set(name, this.write(galt(...alts)))
      this.order.push(name)
    }
    return { t: 'ref', name: `${base}0` }
  }

  private array(a: { prefix: Ref[]; items: Ref | null; min: number; max: number }, d: number): G {
    let max = a.max
    let prefix = a.prefix
    // an item that no value meets ends the array before it
    const firstNever = prefix.findIndex((p) => p.get().k === 'never')
    if (firstNever >= 0) {
      prefix = prefix.slice(0, firstNever)
      max = Math.min(max, firstNever)
    } else if (a.items === null || a.items.get().k === 'never') max = Math.min(max, prefix.length)
    if (a.items !== null && a.items.get().k === 'never') max = Math.min(max, prefix.length)
    prefix = prefix.slice(0, max)
    const min = a.min
    if (min > max) return this.never()
    const sep = gseq(lit(','), this.nl(d + 1))
    const el = (i: number): G => (i < prefix.length ? this.value(prefix[i]!, d + 1) : this.value(a.items!, d + 1))
    // tail(i): elements i.. after a first one, each with its comma
    const tail = (i: number): G => {
      if (i >= prefix.length) {
        const lo = Math.max(0, min - Math.max(i, 1))
        const hi = max === Infinity ? Infinity : max - Math.max(i, 1)
        if (hi <= 0 || a.items === null) return lit('')
        const one = this.define(gseq(sep, el(i)), 'e')
        return { t: 'rep', x: one, min: lo, max: hi }
      }
      const rest = gseq(sep, el(i), tail(i + 1))
      return this.define(i < min ? rest : opt(this.define(rest, 't')), 't')
    }
    if (max === 0) return lit('[]')
    const nonEmpty = gseq(lit('['), this.nl(d + 1), el(0), tail(1), this.nl(d), lit(']'))
    return min === 0 ? galt(lit('[]'), nonEmpty) : nonEmpty
  }

  private object(o: { props: { name: string; value: Ref; required: boolean }[]; extra: { key: CExpr; value: Ref }[] | null; min?: number; max?: number }, d: number): G {
    const sep = gseq(lit(','), this.nl(d + 1))
    const colon = lit(this.indent ? ': ' : ':')
    const props = o.props
    const member = (i: number): G => gseq(lit(literalText(props[i]!.name, 0, 0)), colon, this.value(props[i]!.value, d + 1))
    // the key rule depends on no level: one copy serves every level the object is written at
    const extra = o.extra ? this.define(galt(...o.extra.map((x) => gseq(this.define(gseq(lit('"'), this.content(x.key, true), lit('"')), 'k'), colon, this.value(x.value, d + 1)))), 'x') : undefined
    // member counts (shape.ts sets them past 1 only where every member is extra): the first
    // extra member, then the rest counted
    const lo = props.length === 0 ? Math.max(0, (o.min ?? 0) - 1) : 0
    const hi = props.length === 0 && o.max !== undefined ? o.max - 1 : Infinity
    const extras = extra && hi > 0 ? this.define({ t: 'rep', x: this.define(gseq(sep, extra), 'xs'), min: lo, max: hi }, 'xr') : lit('')
    // rest(i): members i.. each present one after a comma; first(i): the first present member is i or later
    const rest: G[] = []
    rest[props.length] = extras
    for (let i = props.length - 1; i >= 1; i--) {
      const withMe = gseq(sep, member(i), rest[i + 1]!)
      rest[i] = this.define(props[i]!.required ? withMe : galt(withMe, rest[i + 1]!), 'rs')
    }
    let first: G | undefined = extra ? gseq(extra, extras) : undefined
    for (let i = props.length - 1; i >= 0; i--) {
      const me = gseq(member(i), rest[i + 1]!)
      first = this.define(props[i]!.required || first === undefined ? me : galt(me, first), 'fs')
    }
    const anyRequired = props.some((p) => p.required)
    if (first === undefined) return lit('{}')
    const nonEmpty = gseq(lit('{'), this.nl(d + 1), first, this.nl(d), lit('}'))
    return anyRequired || (o.min ?? 0) >= 1 ? nonEmpty : galt(lit('{}'), nonEmpty)
  }

  /**
   * A repetition past `MAX_BOUND` as repetitions of blocks of `MAX_BOUND` items: x{m,n} is
   * x{m} then x{0,n-m}, and x{0,N} with N = qB + r is (x{B}){0,q-1} x{0,B-1} or (x{B}){q} x{0,r}
   * (lengths below qB, and from qB up), so each count has one parse.
   */
  private blocks(g: Extract<G, { t: 'rep' }>): G {
    const B = MAX_BOUND
    const item = g.x.t === 'ref' || g.x.t === 'cls' || g.x.t === 'lit' ? g.x : this.define(g.x, 'p')
    const block = this.define({ t: 'rep', x: item, min: B, max: B }, 'blk')
    const exactly = (n: number): G => gseq({ t: 'rep', x: block, min: Math.floor(n / B), max: Math.floor(n / B) }, { t: 'rep', x: item, min: n % B, max: n % B })
    const upTo = (n: number): G => {
      const q = Math.floor(n / B)
      const r = n % B
      if (q === 0) return { t: 'rep', x: item, min: 0, max: r }
      return galt(gseq({ t: 'rep', x: block, min: 0, max: q - 1 }, { t: 'rep', x: item, min: 0, max: B - 1 }), gseq({ t: 'rep', x: block, min: q, max: q }, { t: 'rep', x: item, min: 0, max: r }))
    }
    const rest: G = g.max === Infinity ? { t: 'rep', x: item, min: 0, max: Infinity } : upTo(g.max - g.min)
    return gseq(exactly(g.min), rest)
  }

  /** Writes an expression in the format's syntax. */
  private write(g: G, inner = false): string {
    switch (g.t) {
      case 'lit': return quote(g.s)
      case 'cls': return classText(g.r, g.negated === true)
      case 'ref': return g.name
      case 'seq': {
        if (g.xs.length === 0) return '""'
        const s = g.xs.map((x) => this.write(x, true)).join(' ')
        return inner ? `(${s})` : s
      }
      case 'alt': {
        const s = g.xs.map((x) => this.write(x, false)).join(' | ')
        return inner || true ? `(${s})` : s
      }
      case 'rep': {
        if (g.min > MAX_BOUND || (g.max !== Infinity && g.max > MAX_BOUND)) return this.write(this.blocks(g), inner)
        let body = this.write(g.x, true)
        if (g.x.t === 'alt' || g.x.t === 'seq') body = body.startsWith('(') ? body : `(${body})`
        if (g.min === 0 && g.max === 1) return `${body}?`
        if (g.min === 0 && g.max === Infinity) return `${body}*`
        if (g.min === 1 && g.max === Infinity) return `${body}+`
        if (g.max === Infinity) return `${body}{${g.min},}`
        if (g.min === g.max) return `${body}{${g.min}}`
        return `${body}{${g.min},${g.max}}`
      }
    }
  }
}

/** JSON text of a literal at a level, as JSON.stringify writes it with `indent`. */
export function literalText(v: unknown, indent: number, depth: number): string {
  const t = JSON.stringify(v, null, indent || undefined)
  return indent && depth ? t.replace(/\n/g, '\n' + ' '.repeat(indent * Math.min(depth, 1e6))) : t
}

function hex(c: number, width: number): string {
  return c.toString(16).padStart(width, '0')
}

/** A literal in double quotes: printable ASCII as is (but `"` and `\`), the rest escaped. */
function quote(s: string): string {
  let out = '"'
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    if (c === 0x22) out += '\\"'
    else if (c === 0x5c) out += '\\\\'
    else if (c >= 0x20 && c < 0x7f) out += ch
    else if (c === 0x0a) out += '\\n'
    else if (c === 0x0d) out += '\\r'
    else if (c === 0x09) out += '\\t'
    else out += escapeCp(c)
  }
  return out + '"'
}

function escapeCp(c: number): string {
  if (c <= 0xffff) return `\\u${hex(c, 4)}`
  return `\\U${hex(c, 8)}`
}

function classText(r: readonly number[], negated: boolean): string {
  let s = negated ? '[^' : '['
  const one = (c: number) => (/[A-Za-z0-9]/.test(String.fromCodePoint(c)) ? String.fromCodePoint(c) : escapeCp(c))
  for (let i = 0; i < r.length; i += 2) s += r[i] === r[i + 1] ? one(r[i]!) : `${one(r[i]!)}-${one(r[i + 1]!)}`
  return s + ']'
}

function has(set: readonly number[], c: number): boolean {
  for (let i = 0; i < set.length; i += 2) if (set[i]! <= c && c <= set[i + 1]!) return true
  return false
}

function covers(set: readonly number[], lo: number, hi: number): boolean {
  for (let i = 0; i < set.length; i += 2) if (set[i]! <= lo && hi <= set[i + 1]!) return true
  return false
}

function intersect(a: readonly number[], b: readonly number[]): number[] {
  if (!intersects(a, b)) return []
  return complement(normalize([...complement(a), ...complement(b)]))
}

/**
 * Decimal texts (no leading zeros) of the integers in [a, b], 0 <= a, b possibly Infinity: one
 * branch per digit count, each the usual split of a range into a tight prefix and free digits.
 * Linear in the number of digits.
 */
export function natRange(a: number, b: number): CExpr {
  const D: CExpr = { t: 'set', r: [0x30, 0x39] }
  const digit = (lo: number, hi: number): CExpr => ({ t: 'set', r: [0x30 + lo, 0x30 + hi] })
  // same-length digit strings x <= y
  const between = (x: string, y: string): CExpr => {
    if (x.length === 0) return seq([])
    if (x === y) return seq(Array.from(x, (c) => digit(+c, +c)))
    const x0 = +x[0]!
    const y0 = +y[0]!
    const n = x.length - 1
    if (x0 === y0) return seq([digit(x0, x0), between(x.slice(1), y.slice(1))])
    const parts: CExpr[] = [seq([digit(x0, x0), between(x.slice(1), '9'.repeat(n))])]
    if (y0 - x0 > 1) parts.push(seq([digit(x0 + 1, y0 - 1), rep(D, n, n)]))
    parts.push(seq([digit(y0, y0), between('0'.repeat(n), y.slice(1))]))
    return alt(parts)
  }
  const la = String(a).length
  const parts: CExpr[] = []
  const lb = b === Infinity ? la : String(b).length
  for (let len = la; len <= lb; len++) {
    const lo = Math.max(a, len === 1 ? 0 : 10 ** (len - 1))
    const hi = b === Infinity ? 10 ** len - 1 : Math.min(b, 10 ** len - 1)
    if (lo > hi) continue
    parts.push(between(String(lo), String(hi)))
  }
  if (b === Infinity) parts.push(seq([digit(1, 9), rep(D, la, Infinity)]))
  return alt(parts)
}

const D: CExpr = { t: 'set', r: [0x30, 0x39] }
const ch = (c: string): CExpr => ({ t: 'set', r: [c.charCodeAt(0), c.charCodeAt(0)] })
const word = (s: string): CExpr => seq(Array.from(s, ch))

/**
 * Number texts (as JSON.stringify writes them) of values between integer bounds `lo` and `hi`
 * (either may be infinite), each inclusive or not: by integer part, with the fraction free,
 * non-zero (just above an exclusive bound) or zero (at an inclusive upper bound); values below
 * 1e-6 in exponent form where (0, 1) is inside, values from 1e21 up where there is no upper bound.
 */
export function numberRange(r: { lo: number; loEx: boolean; hi: number; hiEx: boolean }): CExpr {
  const alts: CExpr[] = []
  const includesZero = (r.lo < 0 || (r.lo === 0 && !r.loEx)) && (r.hi > 0 || (r.hi === 0 && !r.hiEx))
  if (r.hi > 0 || (r.hi === 0 && !r.hiEx)) alts.push(nonNegative(Math.max(r.lo, 0), r.lo >= 0 ? r.loEx : false, r.hi, r.hiEx))
  if (r.lo < 0) {
    // -x for x below zero: from -hi (or zero) to -lo
    const lo = r.hi < 0 ? -r.hi : 0
    const loEx = r.hi < 0 ? r.hiEx : !includesZero
    alts.push(seq([ch('-'), nonNegative(lo, loEx, -r.lo, r.loEx)]))
  }
  return alt(alts)
}

function nonNegative(lo: number, loEx: boolean, hi: number, hiEx: boolean): CExpr {
  const fracAny = rep(seq([ch('.'), rep(D, 1, Infinity)]), 0, 1)
  const fracZero = rep(seq([ch('.'), rep(ch('0'), 1, Infinity)]), 0, 1)
  const fracNonZero = seq([ch('.'), rep(D, 0, Infinity), { t: 'set', r: [0x31, 0x39] }, rep(D, 0, Infinity)])
  const alts: CExpr[] = []
  if (hi === Infinity || lo + 1 <= hi - 1) alts.push(seq([natRange(lo + 1, hi === Infinity ? Infinity : hi - 1), fracAny]))
  if (lo < hi) alts.push(seq([word(String(lo)), loEx ? fracNonZero : fracAny]))
  else if (!loEx && !hiEx) alts.push(seq([word(String(lo)), fracZero]))
  if (hi !== Infinity && hi > lo && !hiEx) alts.push(seq([word(String(hi)), fracZero]))
  const mantissa = seq([{ t: 'set', r: [0x31, 0x39] }, rep(seq([ch('.'), rep(D, 1, Infinity)]), 0, 1)])
  if (lo === 0 && hi >= 1) alts.push(seq([mantissa, word('e-'), alt([{ t: 'set', r: [0x37, 0x39] }, seq([{ t: 'set', r: [0x31, 0x39] }, D]), seq([{ t: 'set', r: [0x31, 0x33] }, D, D])])]))
  // exponents from 21 up only: 1e21 is above every bound written (at most 1e15)
  const big = alt([seq([ch('2'), { t: 'set', r: [0x31, 0x39] }]), seq([{ t: 'set', r: [0x33, 0x39] }, D]), seq([{ t: 'set', r: [0x31, 0x32] }, D, D]), seq([word('30'), { t: 'set', r: [0x30, 0x38] }])])
  if (hi === Infinity) alts.push(seq([mantissa, word('e+'), big]))
  return alt(alts)
}

export { ANY_CHAR }

/**
 * `text` (a rule's right-hand side) with each rule name in `alias` replaced by its value; names
 * inside `"..."` literals and `[...]` classes are text, not rules, and stay.
 */
function renameRules(text: string, alias: ReadonlyMap<string, string>): string {
  let out = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === '"' || c === '[') {
      const end = c === '"' ? '"' : ']'
      let j = i + 1
      while (j < text.length && text[j] !== end) j += text[j] === '\\' ? 2 : 1
      out += text.slice(i, j + 1)
      i = j + 1
    } else if (/[a-z]/.test(c)) {
      let j = i + 1
      while (j < text.length && /[a-z0-9]/.test(text[j]!)) j++
      const name = text.slice(i, j)
      out += alias.get(name) ?? name
      i = j
    } else {
      out += c
      i++
    }
  }
  return out
}
