/**
 * Early stop for streamed objects: decides, while the JSON is still arriving, that the value can
 * no longer become valid, so a bad generation is cut off instead of running to the end.
 *
 * Soundness comes first: a stop must be certain. So the checker reads the schema only along edges
 * that must hold for the value at a position (`properties`, `patternProperties`,
 * `additionalProperties`, `prefixItems`, `items`, `additionalItems`, a local `$ref`, every branch
 * of `allOf`), never into `anyOf`/`oneOf`/`not`/`if` branches, and checks only what defaults
 * cannot repair: `applyDefaults` only adds missing object properties, so the type of a value that
 * has begun, a finished string or number, the length of an array, a key that is present, and the
 * number of keys are final. Anything it cannot read (`$dynamicRef`, a remote `$ref`, an
 * unparsable pattern) means "no check here", and the full validation at the end decides.
 *
 * The checks read the document with the standard meaning of each keyword. A schema compiled by a
 * kernel whose plugins give a standard keyword another meaning may be stopped where its own
 * validation would pass; custom keywords are simply not read.
 */
import { ValidationError, article, count, excerpt, falseSchemaText, formatPointer, got } from '../api.ts'
import { additionalText } from '../plugins/applicator/additionalProperties.ts'
import { boundText, lengthExpectation } from '../plugins/validation/_shared.ts'
import { constExpectation } from '../plugins/validation/const.ts'
import { countExpectation } from '../plugins/validation/_count.ts'
import { enumExpectation } from '../plugins/validation/enum.ts'
import { typeExpectation } from '../plugins/validation/type.ts'
import type { ValidationIssue } from '../api.ts'
import type { JsonKind, JsonListener } from './incremental-json.ts'
import { MustHold } from './must-hold.ts'
import type { Constraint, Forbidden } from './must-hold.ts'

/** Whether `x` passes a bound, by the bound's comparison. */
/** Longest start of an open string kept for a message. */
const RECEIVED = 60

const PASS = { '<=': (x: number, l: number) => x <= l, '<': (x: number, l: number) => x < l, '>=': (x: number, l: number) => x >= l, '>': (x: number, l: number) => x > l } as Record<string, (x: number, l: number) => boolean>

/** The JSON Pointer of a path of keys and indexes. */
function pointerOf(path: (string | number)[]): string {
  return formatPointer(path)
}

/** Code points in `s` (a surrogate pair counts once), as `minLength` / `maxLength` count. */
function codePoints(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0xd800 || c > 0xdbff || i + 1 === s.length) n++
    else {
      const d = s.charCodeAt(i + 1)
      n++
      if (d >= 0xdc00 && d <= 0xdfff) i++
    }
  }
  return n
}

/**
 * Watches a streamed JSON value against a raw JSON Schema document and throws a
 * `ValidationError` (one issue, in the shape `validate` reports) at the first certain failure.
 * Plug it into `IncrementalJsonParser` as the listener. Work per event is constant for a given
 * schema (constraints are memoised), and an open string is checked piece by piece as it grows
 * (never re-read from its start, which would make a long string in small chunks quadratic).
 */
export class EarlyStopChecker implements JsonListener {
  private readonly stack: Constraint[] = []
  private readonly path: (string | number)[] = []
  private readonly schemas: MustHold
  /** The open string value: code points so far, whether its last unit is a high surrogate. */
  private points = 0
  private afterHigh = false
  /** The open string value's length so far, and per `enum`/`const` the strings it still starts. */
  private matched = 0
  private candidates: string[][] = []
  /** The start of the open string (up to what a message shows). */
  private prefix = ''
  /** Code units of open strings examined: tests bound it to the text's length. */
  work = 0

  constructor(schema: unknown) {
    this.schemas = new MustHold(schema)
  }

  begin(kind: JsonKind, segment: string | number | undefined): void {
    const parent = this.stack[this.stack.length - 1]
    let c = this.schemas.root
    if (parent !== undefined) {
      if (typeof segment === 'number' && parent.maxItems !== undefined && segment >= parent.maxItems.limit) {
        const limit = parent.maxItems.limit
        this.fail('maxItems', parent.maxItems.loc, { limit }, `${countExpectation('maxItems', limit)} (got ${count(segment + 1, 'item')} so far)`)
      }
      c = this.schemas.childOf(parent, segment!)
      this.path.push(segment!)
    }
    this.stack.push(c)
    if (c.forbidden !== undefined) this.failForbidden(c.forbidden)
    for (const t of c.types) {
      const ok = kind === 'number' ? t.types.includes('number') || t.types.includes('integer') : t.types.includes(kind)
      if (!ok) this.fail('type', `${t.loc}/type`, { type: t.types.length === 1 ? t.types[0] : t.types }, `${typeExpectation(t.types)} (got ${article(kind)})`)
    }
    if (kind === 'string' && c.watchesStrings) {
      this.points = 0
      this.afterHigh = false
      this.matched = 0
      this.candidates = c.enums.map((e) => e.values.filter((v): v is string => typeof v === 'string'))
      this.prefix = ''
      // Even the empty string cannot become an allowed value.
      for (const [i, e] of c.enums.entries()) if (this.candidates[i]!.length === 0) this.failEnum(e, '', true)
    }
  }

  /** More of the open string: fails when it is already too long, or no allowed value starts with it. */
  piece(text: string): void {
    const c = this.stack[this.stack.length - 1]!
    if (!c.watchesStrings) return
    this.work += text.length
    const max = c.maxLength
    if (max !== undefined) {
      // Code points, as `maxLength` counts them: a surrogate pair once, even split across pieces.
      let points = this.points
      let afterHigh = this.afterHigh
      for (let i = 0; i < text.length; i++) {
        const u = text.charCodeAt(i)
        if (afterHigh && u >= 0xdc00 && u <= 0xdfff) afterHigh = false
        else {
          points++
          afterHigh = u >= 0xd800 && u <= 0xdbff
        }
      }
      this.points = points
      this.afterHigh = afterHigh
      if (points > max.limit) this.fail('maxLength', max.loc, { limit: max.limit }, `${lengthExpectation('at most', max.limit)} (got ${count(points, 'character')} so far)`)
    }
    if (c.enums.length > 0) {
      const at = this.matched
      for (const [i, e] of c.enums.entries()) {
        const left = this.candidates[i]!.filter((v) => v.startsWith(text, at))
        if (left.length === 0) this.failEnum(e, this.prefix + text, true)
        this.candidates[i] = left
      }
      this.matched = at + text.length
      // The start of the string, for the message: only as much as a message shows.
      if (this.prefix.length <= RECEIVED) this.prefix += text.slice(0, RECEIVED + 1 - this.prefix.length)
    }
  }

  key(name: string, distinctKeys: number): void {
    const c = this.stack[this.stack.length - 1]!
    if (c.maxProperties !== undefined && distinctKeys > c.maxProperties.limit) {
      const limit = c.maxProperties.limit
      this.fail('maxProperties', c.maxProperties.loc, { limit }, `${countExpectation('maxProperties', limit)} (got ${count(distinctKeys, 'property', 'properties')} so far)`)
    }
    const child = this.schemas.childOf(c, name)
    if (child.forbidden !== undefined) {
      this.path.push(name)
      this.failForbidden(child.forbidden)
    }
  }

  end(value: unknown): void {
    const c = this.stack[this.stack.length - 1]!
    if (typeof value !== 'object' || value === null) this.checkPrimitive(c, value)
    else if (Array.isArray(value) && c.minItems !== undefined && value.length < c.minItems.limit) {
      const limit = c.minItems.limit
      this.fail('minItems', c.minItems.loc, { limit }, `${countExpectation('minItems', limit)} (got ${count(value.length, 'item')})`)
    }
    this.stack.pop()
    if (this.stack.length > 0) this.path.pop()
  }

  private checkPrimitive(c: Constraint, x: unknown): void {
    for (const e of c.enums) if (!e.values.some((v) => v === x)) this.failEnum(e, x, false)
    if (typeof x === 'number') {
      for (const t of c.types) {
        if (t.types.includes('integer') && !t.types.includes('number') && !Number.isInteger(x)) {
          this.fail('type', `${t.loc}/type`, { type: t.types.length === 1 ? t.types[0] : t.types }, `${typeExpectation(t.types)}${got(x)}`)
        }
      }
      for (const b of c.bounds) {
        if (!PASS[b.comparison]!(x, b.limit)) this.fail(b.keyword, `${b.loc}/${b.keyword}`, { comparison: b.comparison, limit: b.limit }, boundText(b.comparison, b.limit, x))
      }
    } else if (typeof x === 'string') {
      const { maxLength: max, minLength: min } = c
      if (max !== undefined && x.length > max.limit && codePoints(x) > max.limit) {
        this.fail('maxLength', max.loc, { limit: max.limit }, `${lengthExpectation('at most', max.limit)}${got(x)}`)
      }
      if (min !== undefined && x.length < 2 * min.limit && codePoints(x) < min.limit) {
        this.fail('minLength', min.loc, { limit: min.limit }, `${lengthExpectation('at least', min.limit)}${got(x)}`)
      }
    }
  }

  /** `received`: the finished value, or (`partial`) the start of a string still arriving. */
  private failEnum(e: { keyword: 'enum' | 'const'; values: unknown[]; loc: string }, received: unknown, partial: boolean): never {
    const tail = partial ? ` (got a string starting ${excerpt(received)})` : got(received)
    if (e.keyword === 'const') this.fail('const', `${e.loc}/const`, { allowedValue: e.values[0] }, `${constExpectation(e.values[0])}${tail}`)
    this.fail('enum', `${e.loc}/enum`, { allowedValues: e.values }, `${enumExpectation(e.values)}${tail}`)
  }

  private failForbidden(f: Forbidden): never {
    if (f.keyword === 'additionalProperties') {
      this.path.pop()
      this.fail('additionalProperties', f.schemaPath, { additionalProperty: f.property }, additionalText(f.property ?? ''))
    }
    this.fail('false schema', f.schemaPath, {}, falseSchemaText())
  }

  private fail(keyword: string, schemaPath: string, params: Record<string, unknown>, message: string): never {
    const issue: ValidationIssue = { keyword, instancePath: pointerOf(this.path), schemaPath, params, message }
    throw new ValidationError([issue])
  }
}
