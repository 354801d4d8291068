/**
 * `parseModelOutput`: from a model's text to a value the schema accepts. Clean JSON takes the fast
 * path (`JSON.parse`, defaults, validate). Otherwise the JSON is found in the text (a fenced block,
 * or a value inside prose; of several, the first that fits the schema), read forgivingly, coerced
 * where the schema leaves one reading, defaulted and validated. Every change is a record.
 */
import { applyThenValidate, newJSONSchema } from '../api.ts'
import type { ValidationError } from '../api.ts'
import type { ChosenOutput, Inferred, Schema, SchemaHandle, Validator } from '../api.ts'
import { coerce } from './coerce.ts'
import { defaultsMayApply } from './defaults-reach.ts'
import { enabledKinds, fragment, pointerOf } from './kinds.ts'
import type { PathNode, RepairKind, RepairRecord, RepairSetting } from './kinds.ts'
import { readLenient } from './lenient-json.ts'
import { repairMeter } from './meter.ts'

/** Options of `parseModelOutput`. */
export interface ParseModelOutputOptions {
  /** Which repairs run (default `'all'`); see `RepairSetting`. */
  repairs?: RepairSetting
}

/** The value the schema accepts, after the repairs listed (in the order they were made). */
export interface ParseModelOutputSuccess<T> {
  success: true
  value: T
  repairs: RepairRecord[]
}

/**
 * No value the schema accepts: `error` is a `SyntaxError` when no JSON could be read, else the
 * `ValidationError` of the best candidate (fewest problems), whose repaired value is `value` and
 * whose repairs are `repairs`.
 */
export interface ParseModelOutputFailure {
  success: false
  error: ValidationError | SyntaxError
  repairs: RepairRecord[]
  /** The repaired value the error's instance paths point into; undefined when no JSON was read. */
  value?: unknown
}

/** What `parseModelOutput` returns: check `success`. */
export type ParseModelOutputResult<T> = ParseModelOutputSuccess<T> | ParseModelOutputFailure

/** Parse attempts inside prose: a bound on the work a text full of brackets can cause. */
const MAX_ATTEMPTS = 8
const compiled = new WeakMap<object, Schema>()
const booleans = new Map<boolean, Schema>()
const defaulting = new WeakMap<Validator, boolean>()

function toSchema(schema: Schema | Readonly<Record<string, unknown>> | boolean): Schema {
  if (typeof schema === 'boolean') {
    let s = booleans.get(schema)
    if (s === undefined) booleans.set(schema, (s = newJSONSchema<unknown>(schema, { allErrors: true, maxErrors: 20 })))
    return s
  }
  // Not an object: newJSONSchema says what is wrong with it (a SchemaError), uncached.
  if (typeof schema !== 'object' || schema === null) return newJSONSchema<unknown>(schema, { allErrors: true, maxErrors: 20 })
  if (typeof (schema as Schema).validator === 'function') return schema as Schema
  let s = compiled.get(schema)
  if (s === undefined) compiled.set(schema, (s = newJSONSchema<unknown>(schema, { allErrors: true, maxErrors: 20 })))
  return s
}

function rootOf(validator: Validator): SchemaHandle | undefined {
  const root = (validator as { root?: () => SchemaHandle }).root
  return typeof root === 'function' ? root.call(validator) : undefined
}

/** Whether any subschema of the compiled graph has a `default` (walked once per validator). */
function hasDefaults(validator: Validator): boolean {
  const known = defaulting.get(validator)
  if (known !== undefined) return known
  const root = rootOf(validator)
  // Without a graph to look at, applyDefaults runs every time.
  let found = root === undefined
  if (root !== undefined) {
    const seen = new Set<SchemaHandle>([root])
    const stack = [root]
    while (stack.length > 0 && !found) {
      const h = stack.pop()!
      if (h.hasDefault) found = true
      for (const e of h.inspect().subschemas) {
        if (!seen.has(e.handle)) {
          seen.add(e.handle)
          stack.push(e.handle)
        }
      }
    }
  }
  defaulting.set(validator, found)
  return found
}

/** Whether defaults could change `value` (see `defaultsMayApply`); true without a graph to read. */
function mayApply(validator: Validator, value: unknown): boolean {
  const root = rootOf(validator)
  return root === undefined || defaultsMayApply(value, root)
}

function isContainer(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null
}

/** A `default` record for everything `after` has and `before` lacks (same shapes otherwise). */
function recordDefaults(before: unknown, after: unknown, records: RepairRecord[]): void {
  const stack: [unknown, unknown, PathNode | undefined][] = [[before, after, undefined]]
  while (stack.length > 0) {
    repairMeter.steps++
    const [b, a, path] = stack.pop()!
    if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) continue
    const array = Array.isArray(a)
    for (const key of Object.keys(a)) {
      const child = a[key]
      const has = Object.hasOwn(b, key)
      // Scalars already there need no walk and no path: the common case allocates nothing.
      if (has && (typeof child !== 'object' || child === null)) continue
      const node: PathNode = { up: path, seg: array ? Number(key) : key }
      if (!has) records.push({ kind: 'default', instancePath: pointerOf(node), from: undefined, to: child })
      else stack.push([b[key], child, node])
    }
  }
}

type Checked = { ok: true; value: unknown } | { ok: false; error: ValidationError; value: unknown }

/** Defaults (recorded) and validation of a value this module owns. */
function check(validator: Validator, schema: Schema, value: unknown, enabled: (k: RepairKind) => boolean, records: RepairRecord[]): Checked {
  if (enabled('default') && hasDefaults(validator) && mayApply(validator, value)) {
    const result = applyThenValidate(value, schema)
    // `checked` is the input itself when a reference cycle stopped the defaults: nothing to record.
    const v = result.error === undefined ? result.value : result.checked
    if (v !== value) recordDefaults(value, v, records)
    return result.error === undefined ? { ok: true, value: v } : { ok: false, error: result.error, value: v }
  }
  // The error goes back to the model: every problem up to the schema's bound, not the first.
  const error = validator.validateAll !== undefined ? validator.validateAll(value) : validator.validate(value)
  return error === null ? { ok: true, value } : { ok: false, error, value }
}

const COERCIONS: readonly RepairKind[] = ['number-from-string', 'boolean-from-string', 'wrap-array', 'enum-match', 'null-for-absent']

/** A parsed candidate checked, then coerced and checked again if it failed. */
function settle(validator: Validator, schema: Schema, value: unknown, enabled: (k: RepairKind) => boolean, records: RepairRecord[]): Checked {
  const base = records.length
  const first = check(validator, schema, value, enabled, records)
  if (first.ok) return first
  const root = rootOf(validator)
  if (root === undefined || !COERCIONS.some(enabled)) return first
  records.length = base
  const coerced = coerce(value, root, enabled, records)
  if (records.length === base) return check(validator, schema, value, enabled, records)
  return check(validator, schema, coerced, enabled, records)
}

/** Where a JSON value was found in the text, and the text-level repairs that found it. */
interface Candidate {
  value: unknown
  records: RepairRecord[]
}

function blank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (!(c === 32 || c === 10 || c === 13 || c === 9 || c === 0xfeff || c === 0xa0)) return false
  }
  return true
}

/** The prose left out around `start..end`; reads a bounded slice, so many candidates stay linear. */
function extractRecord(text: string, start: number, end: number): RepairRecord {
  const before = text.slice(0, Math.min(start, 120)).trim()
  const after = text.slice(end, Math.min(text.length, end + 120)).trim()
  repairMeter.steps += before.length + after.length
  return { kind: 'extract', instancePath: '', from: fragment(before + (before && after ? ' … ' : '') + after), to: '' }
}

/** The JSON values in `text`, in the order they are tried; linear in the text's length. */
function* candidates(text: string, enabled: (k: RepairKind) => boolean, errors: SyntaxError[]): Generator<Candidate> {
  // The whole text, read forgivingly.
  const whole: RepairRecord[] = []
  const r = readLenient(text, 0, enabled, whole)
  if (r.ok && blank(text, r.end, text.length)) {
    yield { value: r.value, records: whole }
    // Cut off inside a string: closing it is tried first, then leaving that member out.
    if (r.cut === true) {
      const dropped: RepairRecord[] = []
      const d = readLenient(text, 0, enabled, dropped, true)
      if (d.ok) yield { value: d.value, records: dropped }
    }
    return
  }
  if (!r.ok) errors.push(r.error)
  // Fenced blocks.
  let found = false
  if (enabled('fence')) {
    let at = 0
    for (;;) {
      const open = text.indexOf('```', at)
      if (open < 0) break
      const lineEnd = text.indexOf('\n', open + 3)
      if (lineEnd < 0) break
      repairMeter.steps += lineEnd - at
      let close = text.indexOf('```', lineEnd + 1)
      if (close < 0) close = text.length
      repairMeter.steps += close - lineEnd
      const body = text.slice(lineEnd + 1, close)
      const records: RepairRecord[] = [{ kind: 'fence', instancePath: '', from: fragment(text.slice(open, lineEnd).trim()), to: '' }]
      const b = readLenient(body, 0, enabled, records)
      if (b.ok) {
        const outside = !blank(text, 0, open) || !blank(text, Math.min(text.length, close + 3), text.length) || !blank(body, b.end, body.length)
        if (outside) {
          if (!enabled('extract')) continue
          records.push(extractRecord(text, open, close + 3))
        }
        found = true
        yield { value: b.value, records }
      } else errors.push(b.error)
      at = close + 3
    }
  }
  if (found || !enabled('extract')) return
  // Values inside prose: from each opening bracket not inside an earlier value.
  const opener = /[[{]/g
  let from = 0
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    opener.lastIndex = from
    const m = opener.exec(text)
    if (m === null) break
    repairMeter.steps += m.index - from
    const records: RepairRecord[] = []
    const c = readLenient(text, m.index, enabled, records)
    if (c.ok) {
      records.unshift(extractRecord(text, m.index, c.end))
      yield { value: c.value, records }
      from = c.end
    } else {
      errors.push(c.error)
      from = m.index + 1
    }
  }
  // A lone scalar on a line of its own (`"Oslo"`, `42`, `true`): each line is read once.
  let start = 0
  while (start < text.length) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    repairMeter.steps += end - start
    const line = text.slice(start, end)
    const first = line.trimStart()[0]
    if (first !== undefined && first !== '{' && first !== '[') {
      const records: RepairRecord[] = []
      const c = readLenient(line, 0, enabled, records)
      if (c.ok && blank(line, c.end, line.length)) {
        records.unshift(extractRecord(text, start, end))
        yield { value: c.value, records }
      }
    }
    start = end + 1
  }
}

/**
 * Reads the JSON value in a model's `text` and returns it repaired, defaulted and validated
 * against `schema` (a schemavet `Schema`, or a raw JSON Schema document compiled once and cached
 * by identity, with up to 20 problems collected).
 *
 * Clean JSON that matches costs `JSON.parse`, `applyDefaults` (only when the schema has a
 * `default` somewhere) and `validate`. Otherwise, in order: the JSON is found (the whole text, a
 * fenced block, a value inside prose; of several, the first that fits the schema), read with
 * syntax repairs, coerced by the schema where the intent is unambiguous, defaulted, validated.
 * Each change is a `RepairRecord`; `options.repairs` turns kinds off. Linear in the text's length
 * (at most 8 values are tried inside prose). The result is a fresh value: nothing the caller
 * holds is touched.
 *
 * Statically, a success's `value` is the schema's output type (`SchemaOutput`: a typed schema's,
 * or one inferred from a raw schema literal; `unknown` otherwise), or `T` when given.
 *
 * Never throws for bad text (anything that is not a string is a failure too).
 * @throws SchemaError when `schema` is a raw document that is not a valid JSON Schema
 */
export function parseModelOutput<T = Inferred, const S extends Schema | Readonly<Record<string, unknown>> | boolean = Schema | Readonly<Record<string, unknown>> | boolean>(
  text: string,
  schema: S,
  options: ParseModelOutputOptions = {},
): ParseModelOutputResult<ChosenOutput<T, S>> {
  const s = toSchema(schema)
  const validator = s.validator()
  const enabled = enabledKinds(options.repairs)
  if (typeof text !== 'string') return { success: false, error: new SyntaxError(`expected the model's text, got ${text === null ? 'null' : typeof text}`), repairs: [] }
  let parsed: unknown
  let syntax: SyntaxError | undefined
  try {
    parsed = JSON.parse(text)
  } catch (e) {
    syntax = e as SyntaxError
  }
  if (syntax === undefined) {
    const records: RepairRecord[] = []
    return outcome<ChosenOutput<T, S>>(settle(validator, s, parsed, enabled, records), records)
  }
  if (options.repairs === 'none') return { success: false, error: syntax, repairs: [] }
  if (blank(text, 0, text.length)) return { success: false, error: new SyntaxError('the text is empty: expected a JSON value'), repairs: [] }
  const errors: SyntaxError[] = []
  let best: { checked: Checked & { ok: false }; records: RepairRecord[] } | undefined
  for (const c of candidates(text, enabled, errors)) {
    const records = c.records
    const checked = settle(validator, s, c.value, enabled, records)
    if (checked.ok) return { success: true, value: checked.value as ChosenOutput<T, S>, repairs: records }
    if (best === undefined || checked.error.errors.length < best.checked.error.errors.length) best = { checked, records }
  }
  if (best !== undefined) return { success: false, error: best.checked.error, repairs: best.records, value: best.checked.value }
  return { success: false, error: errors[0] ?? syntax, repairs: [] }
}

function outcome<T>(checked: Checked, records: RepairRecord[]): ParseModelOutputResult<T> {
  return checked.ok ? { success: true, value: checked.value as T, repairs: records } : { success: false, error: checked.error, repairs: records, value: checked.value }
}
