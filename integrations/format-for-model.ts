/**
 * `formatForModel`: a `ValidationError` rendered for a language model to fix its output on the
 * next try. One line per problem: the JSON path (`$.attendees[1].email`), then exactly what is
 * expected there, spelled out from the issue's params (allowed values, limits, pattern, the
 * missing or forbidden property names) instead of ajv's terse text.
 */
import type { ValidationError, ValidationIssue } from '../api.ts'

/** Options of `formatForModel`. */
export interface FormatForModelOptions {
  /**
   * The value that was validated. When given, lines about a value's content end with what it was
   * (`(got "kelvin")`), and numeric property names are told apart from array indexes.
   */
  value?: unknown
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const INDEX = /^(?:0|[1-9][0-9]*)$/
const MAX_LISTED = 20
const MAX_PREVIEW = 60

/** Keywords whose line ends with the offending value when it is known. */
const SHOW_VALUE = new Set([
  'type', 'enum', 'const', 'pattern', 'format', 'multipleOf', 'maximum', 'minimum',
  'exclusiveMaximum', 'exclusiveMinimum', 'maxLength', 'minLength',
])

/** Short reminders of the common formats' syntax. */
const FORMAT_HINTS: Record<string, string> = {
  'date-time': 'RFC 3339 date-time, e.g. 2024-01-31T09:30:00Z',
  date: 'RFC 3339 full-date, e.g. 2024-01-31',
  time: 'RFC 3339 time with offset, e.g. 09:30:00Z',
  duration: 'ISO 8601 duration, e.g. P3DT4H',
  email: 'an email address, e.g. name@example.com',
  hostname: 'a DNS host name, e.g. api.example.com',
  ipv4: 'dotted-quad IPv4 address, e.g. 192.0.2.1',
  ipv6: 'IPv6 address, e.g. 2001:db8::1',
  uri: 'an absolute URI with a scheme, e.g. https://example.com/a',
  'uri-reference': 'a URI or relative reference',
  uuid: 'a UUID, e.g. 123e4567-e89b-12d3-a456-426614174000',
  regex: 'an ECMA-262 regular expression',
  'json-pointer': 'a JSON Pointer, e.g. /a/0/b',
}

/**
 * Renders every issue of `error` as one line `<JSON path>: <expectation>`, joined with `\n`, in
 * the error's order with exact duplicates dropped. Problems inside an `anyOf`/`oneOf` alternative
 * are marked with the alternative's index when their schema path shows it. Keywords it does not
 * know (custom plugins) fall back to the issue's own message. Pure; allocates only the string.
 */
export function formatForModel(error: ValidationError | { errors: readonly ValidationIssue[] }, options: FormatForModelOptions = {}): string {
  const issues = error.errors
  const hasValue = 'value' in options
  const branches = issues.filter((i) => (i.keyword === 'anyOf' || i.keyword === 'oneOf') && i.schemaPath !== '')
  const lines: string[] = []
  const seen = new Set<string>()
  for (const issue of issues) {
    const path = jsonPath(issue.instancePath, hasValue ? { value: options.value } : undefined)
    let text = expectation(issue)
    // A problem found by the propertyNames schema is about a key, not the object at this path.
    const aboutName = issue.keyword !== 'propertyNames' && /\/propertyNames(?:\/|$)/.test(issue.schemaPath)
    if (aboutName) text += ' (for a property name)'
    else if (hasValue && SHOW_VALUE.has(issue.keyword) && issue.params.type !== 'json') {
      const got = valueAt(options.value, issue.instancePath)
      if (got.found) text += ` (got ${preview(got.value)})`
    }
    const branch = branchOf(issue, branches)
    if (branch !== undefined) text += ` (in ${branch})`
    const line = `${path}: ${text}`
    if (!seen.has(line)) {
      seen.add(line)
      lines.push(line)
    }
  }
  return lines.join('\n')
}

/** The expectation an issue states, from its keyword and params. */
function expectation(issue: ValidationIssue): string {
  const p = issue.params
  switch (issue.keyword) {
    case 'type':
      if (p.type === 'json') return `must be a JSON value (got ${String(p.value)})`
      if (Array.isArray(p.type)) return `must be one of these types: ${p.type.join(', ')}`
      if (typeof p.type === 'string') return `must be ${withArticle(p.type)}`
      break
    case 'enum':
      if (Array.isArray(p.allowedValues)) return `must be one of: ${list(p.allowedValues)}`
      break
    case 'const':
      if ('allowedValue' in p) return `must be exactly ${json(p.allowedValue)}`
      break
    case 'multipleOf':
      return `must be a multiple of ${String(p.multipleOf)}`
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return `must be ${COMPARISONS[String(p.comparison)] ?? String(p.comparison)} ${String(p.limit)}`
    case 'maxLength':
      return `must be at most ${count(p.limit, 'character')} long`
    case 'minLength':
      return `must be at least ${count(p.limit, 'character')} long`
    case 'pattern':
      return `must match the regular expression /${String(p.pattern)}/`
    case 'format': {
      const hint = FORMAT_HINTS[String(p.format)]
      return `must be a string in "${String(p.format)}" format${hint === undefined ? '' : ` (${hint})`}`
    }
    case 'maxItems':
    case 'additionalItems':
      return `must have at most ${count(p.limit, 'item')}`
    case 'minItems':
      return `must have at least ${count(p.limit, 'item')}`
    case 'uniqueItems':
      return `must not contain duplicate items (items ${String(p.j)} and ${String(p.i)} are equal)`
    case 'contains':
      if ('minContains' in p) return `must contain at least ${count(p.minContains, 'item')} matching the "contains" schema`
      if ('maxContains' in p) return `must contain at most ${count(p.maxContains, 'item')} matching the "contains" schema`
      break
    case 'maxProperties':
      return `must have at most ${count(p.limit, 'property', 'properties')}`
    case 'minProperties':
      return `must have at least ${count(p.limit, 'property', 'properties')}`
    case 'required':
      if (typeof p.missingProperty === 'string') return `missing required property ${json(p.missingProperty)}`
      if (issue.instancePath === '') return 'a value is required'
      break
    case 'dependentRequired':
    case 'dependencies':
      if (typeof p.missingProperty === 'string' && typeof p.property === 'string') {
        return `must have property ${json(p.missingProperty)} because property ${json(p.property)} is present`
      }
      break
    case 'additionalProperties':
      if (typeof p.additionalProperty === 'string') {
        return `must not have property ${json(p.additionalProperty)} (no additional properties are allowed; remove it)`
      }
      break
    case 'unevaluatedProperties':
      if (typeof p.unevaluatedProperty === 'string') {
        return `must not have property ${json(p.unevaluatedProperty)} (it is not defined by the schema; remove it)`
      }
      break
    case 'unevaluatedItems':
      if (p.unevaluatedItem !== undefined) return `must not have an item at index ${String(p.unevaluatedItem)} (no further items are allowed)`
      break
    case 'propertyNames':
      if (typeof p.propertyName === 'string') return `property name ${json(p.propertyName)} is not allowed by the "propertyNames" schema`
      break
    case 'false schema':
      return 'no value is allowed here (remove it)'
    case 'anyOf':
      return 'must match at least one of the "anyOf" alternatives'
    case 'oneOf':
      if (Array.isArray(p.passingSchemas)) {
        return `must match exactly one of the "oneOf" alternatives, but matches alternatives ${p.passingSchemas.join(' and ')}`
      }
      return 'must match exactly one of the "oneOf" alternatives, but matches none'
    case 'not':
      return 'must not match the "not" schema'
    case 'if':
      if (p.failingKeyword === 'then') return 'must match the "then" schema (because it matches the "if" schema)'
      if (p.failingKeyword === 'else') return 'must match the "else" schema (because it does not match the "if" schema)'
      break
    case '$ref':
    case '$dynamicRef':
    case '$recursiveRef':
      if (Array.isArray(p.cycle)) {
        return `cannot be checked: the schema's ${issue.keyword} cycle ${p.cycle.join(' -> ')} never consumes input (a schema error, not fixable in the value)`
      }
      break
    case 'exception':
      return `could not be checked: ${typeof p.error === 'string' ? p.error : issue.message}`
  }
  return issue.message
}

const COMPARISONS: Record<string, string> = { '<=': 'at most', '<': 'less than', '>=': 'at least', '>': 'greater than' }

/** `(in anyOf alternative 1)` when the issue's schema path lies inside a failed alternative. */
function branchOf(issue: ValidationIssue, branches: ValidationIssue[]): string | undefined {
  let best: ValidationIssue | undefined
  for (const b of branches) {
    if (b === issue || b.instancePath.length > issue.instancePath.length) continue
    if (!issue.schemaPath.startsWith(b.schemaPath + '/')) continue
    if (best === undefined || b.schemaPath.length > best.schemaPath.length) best = b
  }
  if (best === undefined) return undefined
  const index = issue.schemaPath.slice(best.schemaPath.length + 1).split('/', 1)[0]!
  return INDEX.test(index) ? `"${best.keyword}" alternative ${index}` : undefined
}

/**
 * A JSON Pointer as a JSONPath-style path a model reads easily: `''` → `$`,
 * `/attendees/1/e-mail` → `$.attendees[1]["e-mail"]`. Numeric segments are indexes unless
 * `data.value` shows the parent is an object.
 */
export function jsonPath(pointer: string, data?: { value: unknown }): string {
  if (pointer === '') return '$'
  let out = '$'
  let node: unknown = data?.value
  let known = data !== undefined
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    const isIndex = INDEX.test(segment) && (!known || Array.isArray(node))
    if (isIndex) out += `[${segment}]`
    else if (IDENTIFIER.test(segment)) out += `.${segment}`
    else out += `[${JSON.stringify(segment)}]`
    if (known) {
      if (typeof node === 'object' && node !== null && Object.prototype.hasOwnProperty.call(node, segment)) {
        node = (node as Record<string, unknown>)[segment]
      } else {
        known = false
      }
    }
  }
  return out
}

function valueAt(root: unknown, pointer: string): { found: boolean; value?: unknown } {
  let node = root
  if (pointer !== '') {
    for (const raw of pointer.slice(1).split('/')) {
      const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~')
      if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, segment)) return { found: false }
      node = (node as Record<string, unknown>)[segment]
    }
  }
  return node === undefined ? { found: false } : { found: true, value: node }
}

function preview(value: unknown): string {
  const text = boundedJson(value, MAX_PREVIEW + 1)
  return text.length <= MAX_PREVIEW ? text : `${text.slice(0, MAX_PREVIEW - 3)}...`
}

/** A value of the schema or a name as JSON, cut (with `...`) past 2,000 characters. */
function json(value: unknown): string {
  const text = boundedJson(value, 2001)
  return text.length <= 2000 ? text : `${text.slice(0, 1997)}...`
}

/** One scalar as JSON (a non-JSON value as `String` gives it). */
function scalar(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  if (typeof value === 'string') return JSON.stringify(value.length > 2000 ? value.slice(0, 2000) : value)
  if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function') return String(value)
  return JSON.stringify(value) ?? 'null'
}

/**
 * The start of `value` as JSON text, at most about `max` characters: written iteratively and only
 * as far as shown, so data nested any depth, containing itself or megabytes long costs the preview
 * alone (`JSON.stringify` would overflow the stack or write everything).
 */
function boundedJson(value: unknown, max: number): string {
  let out = ''
  const stack: { items: unknown[] | null; keys: string[] | null; source: unknown; next: number }[] = []
  const open = (v: unknown): void => {
    if (typeof v !== 'object' || v === null) {
      out += scalar(v)
      return
    }
    try {
      if (Array.isArray(v)) {
        out += '['
        stack.push({ items: v, keys: null, source: v, next: 0 })
      } else {
        out += '{'
        stack.push({ items: null, keys: Object.keys(v), source: v, next: 0 })
      }
    } catch {
      out += '?'
    }
  }
  open(value)
  while (stack.length > 0 && out.length < max) {
    const top = stack[stack.length - 1]!
    const length = top.items !== null ? top.items.length : top.keys!.length
    if (top.next >= length) {
      out += top.items !== null ? ']' : '}'
      stack.pop()
      continue
    }
    const i = top.next++
    if (i > 0) out += ','
    try {
      if (top.items !== null) open(top.items[i])
      else {
        const key = top.keys![i]!
        out += JSON.stringify(key) + ':'
        open((top.source as Record<string, unknown>)[key])
      }
    } catch {
      out += '?'
    }
  }
  return out
}

function list(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LISTED).map((v) => preview(v)).join(', ')
  return values.length > MAX_LISTED ? `${shown} (and ${values.length - MAX_LISTED} more)` : shown
}

function count(n: unknown, singular: string, plural = `${singular}s`): string {
  return `${String(n)} ${n === 1 ? singular : plural}`
}

function withArticle(type: string): string {
  if (type === 'null') return 'null'
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`
}
