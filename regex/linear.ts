/**
 * The linear-time regex engine (`regex: 'linear'`): an ECMAScript pattern is checked as a `RegExp`
 * with the `u` flag (without it for legacy syntax), parsed, translated to RE2 syntax and matched by `re2js` (pure JavaScript, no
 * WebAssembly, no code generation), whose automata run in time linear in the input.
 *
 * The translation keeps ECMAScript's meaning where RE2's differs: `.` excludes the four line
 * terminators, `\s` is ECMAScript's white space, literals are written as `\x{...}`, captures become
 * non-capturing groups (a test needs none). What RE2 cannot match in linear time — lookarounds and
 * backreferences — is refused with a reason, as are counts RE2 does not accept (see SECURITY.md).
 */
import { RE2JS } from 're2js'
import type { PatternSyntax } from '../core/index.ts'
import type { Property, RegexNode } from './parse.ts'
import { parseRegex } from './parse.ts'

/** Largest count RE2 accepts in `{n,m}`, and the product of nested counts it accepts. */
export const MAX_REPEAT = 1000

/**
 * Largest pattern after expanding counted repetitions (in atoms). Compiling costs time and memory
 * in proportion, and each input character may cost up to that much on RE2's slow path.
 */
export const MAX_PATTERN_SIZE = 10_000

/** Work units charged per atom the first time a pattern compiles (about 2.5 µs per atom). */
const COMPILE_UNITS_PER_ATOM = 50

/** A pattern the engine accepts: its RE2 translation and expanded size. */
interface Prepared {
  re2: string
  size: number
}

class Unsupported extends Error {}

const GENERAL_CATEGORIES: Record<string, string> = {
  Other: 'C', Control: 'Cc', cntrl: 'Cc', Format: 'Cf', Unassigned: 'Cn', Private_Use: 'Co', Surrogate: 'Cs',
  Letter: 'L', Cased_Letter: 'LC', Lowercase_Letter: 'Ll', Modifier_Letter: 'Lm', Other_Letter: 'Lo',
  Titlecase_Letter: 'Lt', Uppercase_Letter: 'Lu', Mark: 'M', Combining_Mark: 'M', Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me', Nonspacing_Mark: 'Mn', Number: 'N', Decimal_Number: 'Nd', digit: 'Nd', Letter_Number: 'Nl',
  Other_Number: 'No', Punctuation: 'P', punct: 'P', Connector_Punctuation: 'Pc', Dash_Punctuation: 'Pd',
  Close_Punctuation: 'Pe', Final_Punctuation: 'Pf', Initial_Punctuation: 'Pi', Other_Punctuation: 'Po',
  Open_Punctuation: 'Ps', Symbol: 'S', Currency_Symbol: 'Sc', Modifier_Symbol: 'Sk', Math_Symbol: 'Sm',
  Other_Symbol: 'So', Separator: 'Z', Line_Separator: 'Zl', Paragraph_Separator: 'Zp', Space_Separator: 'Zs',
}
const SHORT_CATEGORIES = new Set(Object.values(GENERAL_CATEGORIES))

const probed = new Map<string, boolean>()

/** Whether re2js knows `\p{name}` (scripts by long name). Cached: one tiny compile per name. */
function re2Knows(name: string): boolean {
  let known = probed.get(name)
  if (known === undefined) {
    known = /^[A-Za-z_]+$/.test(name)
    if (known) {
      try {
        RE2JS.compile(`\\p{${name}}`)
      } catch {
        known = false
      }
    }
    probed.set(name, known)
  }
  return known
}

/** The RE2 name of an ECMAScript property escape, or an `Unsupported` error. */
function propertyName(p: Property): string {
  const text = p.value === undefined ? p.name : `${p.name}=${p.value}`
  if (p.value === undefined || p.name === 'General_Category' || p.name === 'gc') {
    const value = p.value ?? p.name
    const short = SHORT_CATEGORIES.has(value) ? value : Object.hasOwn(GENERAL_CATEGORIES, value) ? GENERAL_CATEGORIES[value] : undefined
    if (short !== undefined) return short
    throw new Unsupported(`the Unicode property \\p{${text}} is not supported by the linear engine (general categories and scripts are)`)
  }
  if ((p.name === 'Script' || p.name === 'sc') && re2Knows(p.value)) return p.value
  throw new Unsupported(
    `the Unicode property \\p{${text}} is not supported by the linear engine (general categories and scripts by their long names are)`,
  )
}

/**
 * Checks what RE2 would refuse and returns the expanded size, mirroring RE2's rule that nested
 * counted repetitions may not exceed `MAX_REPEAT` copies of the innermost part.
 */
function measure(node: RegexNode, allowance: number): number {
  switch (node.type) {
    case 'char':
    case 'assert':
      return 1
    case 'class':
      for (const p of node.properties) propertyName(p)
      return 1 + (node.ranges.length >> 4)
    case 'seq':
      return node.items.reduce((n, item) => n + measure(item, allowance), 0)
    case 'alt':
      return node.branches.reduce((n, branch) => n + measure(branch, allowance), 1)
    case 'group':
      return measure(node.body, allowance)
    case 'look':
      throw new Unsupported('lookahead and lookbehind assertions are not supported by the linear engine')
    case 'backref':
      throw new Unsupported('backreferences are not supported by the linear engine')
    case 'repeat': {
      const { min, max } = node
      if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) {
        throw new Unsupported(`the linear engine accepts repetition counts up to ${MAX_REPEAT}, got {${min},${max === Infinity ? '' : max}}`)
      }
      const copies = max === Infinity ? min : max
      if (copies > allowance) {
        throw new Unsupported(`nested counted repetitions expand to more than ${MAX_REPEAT} copies, which the linear engine does not accept`)
      }
      const inner = measure(node.body, copies > 0 ? Math.floor(allowance / copies) : allowance)
      return inner * Math.max(1, max === Infinity ? min + 1 : max) + 1
    }
  }
}

const hex = (cp: number) => `\\x{${cp.toString(16)}}`
const literal = (cp: number) => ((cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) ? String.fromCharCode(cp) : hex(cp))

/** Writes the tree in RE2 syntax. */
function emit(node: RegexNode): string {
  switch (node.type) {
    case 'char':
      return literal(node.cp)
    case 'assert':
      // Without the multiline flag RE2's `$` matches only at the very end, as ECMAScript's does.
      return node.kind
    case 'class': {
      let body = ''
      for (let i = 0; i < node.ranges.length; i += 2) {
        const lo = node.ranges[i]!
        const hi = node.ranges[i + 1]!
        body += lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`
      }
      for (const p of node.properties) body += `\\${p.negated ? 'P' : 'p'}{${propertyName(p)}}`
      // RE2 has no empty class: `[]` matches nothing, `[^]` anything.
      if (body === '') return node.negated ? '[\\x{0}-\\x{10ffff}]' : '[^\\x{0}-\\x{10ffff}]'
      return `[${node.negated ? '^' : ''}${body}]`
    }
    case 'seq':
      return node.items.map((item) => (item.type === 'alt' ? `(?:${emit(item)})` : emit(item))).join('')
    case 'alt':
      return node.branches.map(emit).join('|')
    case 'group':
      return `(?:${emit(node.body)})`
    case 'repeat': {
      const body = node.body.type === 'char' || node.body.type === 'class' || node.body.type === 'group' ? emit(node.body) : `(?:${emit(node.body)})`
      const { min, max } = node
      const q =
        max === Infinity ? (min === 0 ? '*' : min === 1 ? '+' : `{${min},}`) : min === 0 && max === 1 ? '?' : min === max ? `{${min}}` : `{${min},${max}}`
      return body + q + (node.lazy ? '?' : '')
    }
    case 'look':
    case 'backref':
      throw new Unsupported('not supported by the linear engine')
  }
}

/** Validates and translates; throws an `Error` whose message says why a pattern is refused. */
function prepare(source: string, syntax: PatternSyntax = 'unicode'): Prepared {
  try {
    new RegExp(source, syntax === 'legacy' ? '' : 'u')
  } catch (e) {
    throw new Error(`invalid regular expression: ${(e as Error).message}`)
  }
  let tree: RegexNode
  try {
    tree = parseRegex(source, syntax)
  } catch (e) {
    throw new Error(`not supported by the linear engine: ${(e as Error).message}`)
  }
  const size = measure(tree, MAX_REPEAT)
  if (size > MAX_PATTERN_SIZE) {
    throw new Error(`the pattern expands to ${size} atoms after counted repetitions; the linear engine accepts up to ${MAX_PATTERN_SIZE}`)
  }
  return { re2: emit(tree), size }
}

/** A compiled linear pattern: RE2 compiles on the first test, so unused patterns cost nothing. */
class LinearRegex {
  private re: RE2JS | null = null
  constructor(
    readonly source: string,
    private readonly prepared: Prepared,
  ) {}

  test(input: string): boolean {
    this.re ??= RE2JS.compile(this.prepared.re2)
    return this.re.test(input)
  }

  /** Work units of a test on `length` characters, including the compile when it is still due. */
  cost(length: number): number {
    const size = this.prepared.size
    return (this.re === null ? size * COMPILE_UNITS_PER_ATOM : 0) + 1 + Math.floor((length * size) / 64)
  }
}

/**
 * The linear engine. `check` validates and translates without compiling (linear in the source);
 * `compile` returns a matcher that compiles with re2js on first use.
 */
export const linearEngine = {
  check(source: string, syntax?: PatternSyntax): string | undefined {
    try {
      prepare(source, syntax)
      return undefined
    } catch (e) {
      return (e as Error).message
    }
  },
  compile(source: string, syntax?: PatternSyntax): LinearRegex {
    return new LinearRegex(source, prepare(source, syntax))
  },
}

/** The RE2 translation of an ECMAScript pattern (exposed for tests and diagnostics). @throws Error when refused */
export function toRE2(source: string, syntax?: PatternSyntax): string {
  return prepare(source, syntax).re2
}
