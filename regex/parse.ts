/**
 * A parser for ECMAScript regular expressions with the `u` flag (the syntax JSON Schema's
 * `pattern` uses), into a small tree the RE2 translator and the super-linear analyzer share.
 * It reads code points, as the `u` flag does, and assumes the source already compiled as a
 * `RegExp` with `u` (the callers check that first), so it only guards against what it does not know.
 *
 * With `legacy` syntax it reads a source that compiled without `u` by the Annex B grammar
 * instead: identity escapes (`\_`, `\:`), a `{` or `}` or `]` that is no quantifier or class as
 * a literal, `\p` as the letter, legacy octal escapes, `[\w-a]` as three members. It still reads
 * code points, so a tree from it describes the `u` reading of `.` and negated classes on astral
 * characters (one character rather than two code units).
 */
import type { PatternSyntax } from '../core/index.ts'
import { ANY, ASCII, DIGIT, DOT, SPACE, WORD, complement, normalize } from './charset.ts'

/** A Unicode property escape (`\p{L}`, `\P{Script=Greek}`), resolved by the engine. */
export interface Property {
  /** `General_Category`, `Script`, `Script_Extensions` or a lone name (`L`, `Letter`, `ASCII`). */
  name: string
  /** The value after `=`, if any. */
  value: string | undefined
  negated: boolean
}

/** A character class: code point ranges plus property escapes, optionally negated as a whole. */
export interface ClassNode {
  type: 'class'
  negated: boolean
  /** Canonical range list (see `charset.ts`). */
  ranges: number[]
  properties: Property[]
}

/** A parsed pattern. `start`/`end` are code point offsets into the source (for messages). */
export type RegexNode =
  | { type: 'char'; cp: number }
  | ClassNode
  | { type: 'seq'; items: RegexNode[] }
  | { type: 'alt'; branches: RegexNode[]; start: number; end: number }
  | { type: 'group'; body: RegexNode }
  | { type: 'look'; behind: boolean; negated: boolean; body: RegexNode }
  | { type: 'backref'; name: string }
  | { type: 'assert'; kind: '^' | '$' | '\\b' | '\\B' }
  | { type: 'repeat'; body: RegexNode; min: number; max: number; lazy: boolean; start: number; end: number }

const SET_ESCAPES: Record<string, readonly number[]> = { d: DIGIT, w: WORD, s: SPACE }
const CONTROL_ESCAPES: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 }

function classOf(ranges: readonly number[], properties: Property[] = []): ClassNode {
  return { type: 'class', negated: false, ranges: [...ranges], properties }
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'
const isHex = (c: string | undefined) => c !== undefined && /^[0-9A-Fa-f]$/.test(c)

/**
 * Parses `source`, which must be a valid ECMAScript pattern with the `u` flag, or without it
 * for `legacy` syntax.
 * @throws Error on syntax this parser does not know (a newer ECMAScript feature)
 */
export function parseRegex(source: string, syntax: PatternSyntax = 'unicode'): RegexNode {
  return new Parser(source, syntax === 'legacy').parse()
}

/** Deepest nesting of groups and alternations the parser follows (it recurses; RE2 allows 1000). */
export const MAX_NESTING = 500

class Parser {
  private readonly chars: string[]
  private i = 0
  private depth = 0
  /** Capturing groups in the source (legacy only: `\3` is a backreference only up to this). */
  private readonly groups: number
  /** Whether the source has a named group (legacy only: then `\k` is a backreference). */
  private readonly named: boolean
  constructor(
    private readonly source: string,
    private readonly legacy: boolean,
  ) {
    // One entry per code point; a lone surrogate stays a code point of its own, as with `u`.
    this.chars = Array.from(source)
    this.groups = legacy ? countGroups(this.chars) : 0
    this.named = legacy && /\(\?<[^=!]/.test(source)
  }

  parse(): RegexNode {
    const node = this.disjunction()
    if (this.i < this.chars.length) this.unknown()
    return node
  }

  private peek(offset = 0): string | undefined {
    return this.chars[this.i + offset]
  }

  private eat(text: string): boolean {
    for (let k = 0; k < text.length; k++) if (this.chars[this.i + k] !== text[k]) return false
    this.i += text.length
    return true
  }

  private unknown(): never {
    throw new Error(`unsupported syntax at offset ${this.i} of /${this.source}/`)
  }

  private disjunction(): RegexNode {
    if (++this.depth > MAX_NESTING) throw new Error(`groups nest more than ${MAX_NESTING} levels deep`)
    const start = this.i
    const branches = [this.alternative()]
    while (this.eat('|')) branches.push(this.alternative())
    this.depth--
    return branches.length === 1 ? branches[0]! : { type: 'alt', branches, start, end: this.i }
  }

  private alternative(): RegexNode {
    const items: RegexNode[] = []
    while (this.i < this.chars.length && this.peek() !== '|' && this.peek() !== ')') items.push(this.term())
    return items.length === 1 ? items[0]! : { type: 'seq', items }
  }

  private term(): RegexNode {
    if (this.eat('^')) return { type: 'assert', kind: '^' }
    if (this.eat('$')) return { type: 'assert', kind: '$' }
    if (this.eat('\\b')) return { type: 'assert', kind: '\\b' }
    if (this.eat('\\B')) return { type: 'assert', kind: '\\B' }
    const look = this.lookaround()
    if (look !== undefined) return look
    const start = this.i
    return this.quantified(this.atom(), start)
  }

  private lookaround(): RegexNode | undefined {
    for (const [open, behind, negated] of [
      ['(?=', false, false],
      ['(?!', false, true],
      ['(?<=', true, false],
      ['(?<!', true, true],
    ] as const) {
      if (!this.eat(open)) continue
      const body = this.disjunction()
      if (!this.eat(')')) this.unknown()
      const node: RegexNode = { type: 'look', behind, negated, body }
      // Annex B lets a lookahead be quantified, without `u` only.
      return this.legacy && !behind ? this.quantified(node, this.i) : node
    }
    return undefined
  }

  private atom(): RegexNode {
    const c = this.peek()
    if (c === '(') return this.group()
    if (c === '[') return this.characterClass()
    if (c === '.') {
      this.i++
      return classOf(DOT)
    }
    if (c === '\\') {
      this.i++
      return this.atomEscape()
    }
    if (this.legacy && (c === ']' || c === '}' || (c === '{' && !this.bracesAhead()))) {
      this.i++
      return { type: 'char', cp: c.codePointAt(0)! }
    }
    if (c === undefined || '*+?{}])|'.includes(c)) this.unknown()
    this.i++
    return { type: 'char', cp: c.codePointAt(0)! }
  }

  private group(): RegexNode {
    this.i++
    if (this.eat('?:')) {
      // Non-capturing.
    } else if (this.peek() === '?' && this.peek(1) === '<') {
      this.i += 2
      while (this.i < this.chars.length && this.peek() !== '>') this.i++
      if (!this.eat('>')) this.unknown()
    } else if (this.peek() === '?') {
      this.unknown() // modifiers `(?i:...)` and anything newer
    }
    const body = this.disjunction()
    if (!this.eat(')')) this.unknown()
    return { type: 'group', body }
  }

  private quantified(body: RegexNode, start: number): RegexNode {
    let min: number
    let max: number
    const c = this.peek()
    if (c === '*') [min, max] = [0, Infinity]
    else if (c === '+') [min, max] = [1, Infinity]
    else if (c === '?') [min, max] = [0, 1]
    else if (c === '{' && (!this.legacy || this.bracesAhead())) return this.braces(body, start)
    else return body
    this.i++
    const lazy = this.eat('?')
    return { type: 'repeat', body, min, max, lazy, start, end: this.i }
  }

  private braces(body: RegexNode, start: number): RegexNode {
    this.i++
    const min = this.number()
    let max = min
    if (this.eat(',')) max = isDigit(this.peek()) ? this.number() : Infinity
    if (!this.eat('}')) this.unknown()
    const lazy = this.eat('?')
    return { type: 'repeat', body, min, max, lazy, start, end: this.i }
  }

  /** Whether a `{n}`, `{n,}` or `{n,m}` quantifier starts here (legacy: otherwise `{` is a literal). */
  private bracesAhead(): boolean {
    let k = this.i + 1
    const digits = () => {
      const from = k
      while (isDigit(this.chars[k])) k++
      return k > from
    }
    if (this.chars[this.i] !== '{' || !digits()) return false
    if (this.chars[k] === ',') {
      k++
      digits()
    }
    return this.chars[k] === '}'
  }

  private number(): number {
    let digits = ''
    while (isDigit(this.peek())) digits += this.chars[this.i++]
    if (digits === '') this.unknown()
    return Number(digits)
  }

  private atomEscape(): RegexNode {
    const c = this.peek()
    if (c === 'k' && (!this.legacy || this.named)) {
      this.i++
      if (!this.eat('<')) this.unknown()
      let name = ''
      while (this.i < this.chars.length && this.peek() !== '>') name += this.chars[this.i++]
      if (!this.eat('>')) this.unknown()
      return { type: 'backref', name }
    }
    if (c !== undefined && c >= '1' && c <= '9') {
      const save = this.i
      const n = this.number()
      // Without `u`, `\N` past the last group is an octal escape (`\8`, `\9`: the digit).
      if (!this.legacy || n <= this.groups) return { type: 'backref', name: String(n) }
      this.i = save
    }
    const set = this.classEscape()
    if (set !== undefined) return set
    return { type: 'char', cp: this.characterEscape() }
  }

  /** `\d \D \w \W \s \S \p{..} \P{..}` after the backslash, or undefined. */
  private classEscape(): ClassNode | undefined {
    const c = this.peek()
    if (c === undefined) this.unknown()
    const lower = c.toLowerCase()
    if (Object.hasOwn(SET_ESCAPES, lower)) {
      this.i++
      const ranges = SET_ESCAPES[lower]!
      // Upper case is the complement (`\D`, `\W`, `\S`).
      return classOf(c === lower ? ranges : complement(ranges))
    }
    if ((c === 'p' || c === 'P') && !this.legacy) {
      this.i++
      if (!this.eat('{')) this.unknown()
      let body = ''
      while (this.i < this.chars.length && this.peek() !== '}') body += this.chars[this.i++]
      if (!this.eat('}')) this.unknown()
      const eq = body.indexOf('=')
      const property: Property =
        eq < 0
          ? { name: body, value: undefined, negated: c === 'P' }
          : { name: body.slice(0, eq), value: body.slice(eq + 1), negated: c === 'P' }
      // Two lone names are plain ranges; resolving them here keeps them out of the engine's tables.
      if (property.value === undefined && (body === 'ASCII' || body === 'Any')) {
        const ranges = body === 'ASCII' ? ASCII : ANY
        return classOf(property.negated ? complement(ranges) : ranges)
      }
      return classOf([], [property])
    }
    return undefined
  }

  /**
   * A single-character escape after the backslash; returns its code point. `inClass`: inside a
   * character class, where legacy `\c` also takes a digit or `_`.
   */
  private characterEscape(inClass = false): number {
    const c = this.chars[this.i++]
    if (c === undefined) this.unknown()
    if (Object.hasOwn(CONTROL_ESCAPES, c)) return CONTROL_ESCAPES[c]!
    if (this.legacy) return this.legacyEscape(c, inClass)
    if (c === '0') return 0
    if (c === 'c') {
      const letter = this.chars[this.i++]
      if (letter === undefined || !/^[A-Za-z]$/.test(letter)) this.unknown()
      return letter.charCodeAt(0) % 32
    }
    if (c === 'x') return this.hex(2)
    if (c === 'u') return this.unicodeEscape()
    if (/^[\^$\\.*+?()[\]{}|/-]$/.test(c)) return c.codePointAt(0)!
    return this.unknown()
  }

  /** Annex B's reading of `\c` (the character after the backslash, already consumed). */
  private legacyEscape(c: string, inClass: boolean): number {
    if (c >= '0' && c <= '7') {
      // Legacy octal: up to three digits, the value at most 0o377.
      let value = Number(c)
      for (let n = 1; n < 3 && this.peek() !== undefined && this.peek()! >= '0' && this.peek()! <= '7'; n++) {
        const next = value * 8 + Number(this.peek())
        if (next > 0o377) break
        value = next
        this.i++
      }
      return value
    }
    if (c === 'c') {
      const letter = this.peek()
      if (letter !== undefined && (/^[A-Za-z]$/.test(letter) || (inClass && /^[0-9_]$/.test(letter)))) {
        this.i++
        return letter.charCodeAt(0) % 32
      }
      // `\c` not followed by a control letter is a backslash; the `c` is read again as itself.
      this.i--
      return 0x5c
    }
    if (c === 'x' && isHex(this.peek()) && isHex(this.peek(1))) return this.hex(2)
    if (c === 'u' && isHex(this.peek()) && isHex(this.peek(1)) && isHex(this.peek(2)) && isHex(this.peek(3))) return this.unicodeEscape()
    // Any other character escapes itself (`\_`, `\:`, `\x` without hex digits).
    return c.codePointAt(0)!
  }

  private hex(length: number): number {
    let text = ''
    for (let k = 0; k < length; k++) {
      const c = this.chars[this.i++]
      if (!isHex(c)) this.unknown()
      text += c
    }
    return parseInt(text, 16)
  }

  private unicodeEscape(): number {
    if (this.eat('{')) {
      let text = ''
      while (isHex(this.peek())) text += this.chars[this.i++]
      if (text === '' || !this.eat('}')) this.unknown()
      return parseInt(text, 16)
    }
    const unit = this.hex(4)
    // With `u`, an escaped surrogate pair is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && this.peek() === '\\' && this.peek(1) === 'u' && isHex(this.peek(2))) {
      const save = this.i
      this.i += 2
      const trail = this.hex(4)
      if (trail >= 0xdc00 && trail <= 0xdfff) return 0x10000 + ((unit - 0xd800) << 10) + (trail - 0xdc00)
      this.i = save
    }
    return unit
  }

  private characterClass(): ClassNode {
    this.i++
    const negated = this.eat('^')
    const ranges: number[] = []
    const properties: Property[] = []
    while (this.peek() !== ']') {
      const from = this.classAtom()
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined && (typeof from === 'number' || this.legacy)) {
        this.i++
        const to = this.classAtom()
        if (typeof from === 'number' && typeof to === 'number') {
          ranges.push(from, to)
          continue
        }
        // Annex B: a class escape at either end makes the `-` a literal (`[\w-.]`).
        if (!this.legacy) this.unknown()
        for (const end of [from, 0x2d, to]) {
          if (typeof end === 'number') ranges.push(end, end)
          else {
            ranges.push(...end.ranges)
            properties.push(...end.properties)
          }
        }
      } else if (typeof from === 'number') {
        ranges.push(from, from)
      } else {
        ranges.push(...from.ranges)
        properties.push(...from.properties)
      }
    }
    this.i++
    return { type: 'class', negated, ranges: normalize(ranges), properties }
  }

  /** One class member: a code point, or a set escape. */
  private classAtom(): number | ClassNode {
    const c = this.chars[this.i]
    if (c === undefined) this.unknown()
    if (c !== '\\') {
      this.i++
      return c.codePointAt(0)!
    }
    this.i++
    if (this.eat('b')) return 8 // backspace inside a class
    if (this.legacy && this.eat('-')) return 0x2d
    return this.classEscape() ?? this.characterEscape(true)
  }
}

/** Capturing groups in a pattern: `(` not escaped, not in a class, not followed by `?` (unless `?<name>`). */
function countGroups(chars: readonly string[]): number {
  let count = 0
  let inClass = false
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]
    if (c === '\\') i++
    else if (inClass) inClass = c !== ']'
    else if (c === '[') inClass = true
    else if (c === '(' && (chars[i + 1] !== '?' || (chars[i + 2] === '<' && chars[i + 3] !== '=' && chars[i + 3] !== '!'))) count++
  }
  return count
}
