/**
 * The renderer for people: each problem as its data path and the keyword's own message (what the
 * schema expected, in its terms, and what was received), then what was found (a short excerpt of
 * the value, with its type) and the schema location. No keyword wording lives here: the message
 * is the same one `ValidationError`, Standard Schema issues and `formatForModel` carry.
 */
import { appendPointer, followPointer, parsePointer } from '../api.ts'
import type { ValidationError, ValidationIssue } from '../api.ts'

/** Options of `formatForPeople`. */
export interface PeopleOptions {
  /** ANSI colours (the CLI turns them on when stdout is a terminal). Default false. */
  color?: boolean
  /** Longest excerpt of a value, in characters. Default 60. */
  excerpt?: number
  /** Prefix of every line (the CLI indents under the file name). Default none. */
  indent?: string
}

const q = (v: unknown) => JSON.stringify(v)

/**
 * A short, one-line excerpt of a JSON value: strings quoted, containers cut after `max`
 * characters with `…`. Bounded work on any value (deep, huge, cyclic, or not JSON at all).
 */
export function excerpt(value: unknown, max = 60): string {
  let out = ''
  const seen = new Set<unknown>()
  const put = (s: string) => {
    out += s
    return out.length <= max
  }
  const walk = (v: unknown, depth: number): boolean => {
    if (typeof v === 'string') return put(q(v.length > max ? v.slice(0, max) : v))
    if (typeof v === 'number') return put(String(v))
    if (typeof v === 'bigint') return put(`${v}n`)
    if (v === null || typeof v === 'boolean') return put(String(v))
    if (typeof v !== 'object') return put(v === undefined ? 'undefined' : `a ${typeof v}`)
    if (seen.has(v)) return put('[cyclic]')
    if (depth > 3) return put(Array.isArray(v) ? '[…]' : '{…}')
    seen.add(v)
    const entries: [string | null, unknown][] = Array.isArray(v) ? v.map((x) => [null, x]) : Object.entries(v)
    if (!put(Array.isArray(v) ? '[' : '{')) return false
    for (let i = 0; i < entries.length; i++) {
      const [k, x] = entries[i]!
      if (i > 0 && !put(', ')) return false
      if (k !== null && !put(`${q(k)}: `)) return false
      if (!walk(x, depth + 1)) return false
    }
    seen.delete(v)
    return put(Array.isArray(v) ? ']' : '}')
  }
  return walk(value, 0) ? out : `${out.slice(0, max)}…`
}

function typeName(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'array'
  if (typeof v === 'number') return Number.isFinite(v) ? (Number.isInteger(v) ? 'integer' : 'number') : 'not JSON'
  return typeof v
}

/** The value at a JSON Pointer, through own properties only; `found: false` when it is not there. */
export function valueAt(data: unknown, pointer: string): { found: boolean; value?: unknown } {
  let tokens: string[]
  try {
    tokens = parsePointer(pointer)
  } catch {
    return { found: false }
  }
  return followPointer(data, tokens)
}

/**
 * Renders issues for a person: `path: message`, then `found` (when `data` is given)
 * and `schema` lines. Plain text unless `options.color`. Allocates one string.
 */
export function formatForPeople(error: ValidationError | readonly ValidationIssue[], data?: unknown, options: PeopleOptions = {}): string {
  const issues = 'errors' in error ? error.errors : error
  const max = options.excerpt ?? 60
  const pad = options.indent ?? ''
  const paint = (code: number, s: string) => (options.color === true ? `\x1b[${code}m${s}\x1b[0m` : s)
  const lines: string[] = []
  for (const issue of issues) {
    const path = issue.instancePath === '' ? '(root)' : issue.instancePath
    lines.push(`${pad}${paint(1, path)}: ${paint(31, issue.message)}`)
    if (data !== undefined) {
      const extra = issue.params.additionalProperty ?? issue.params.unevaluatedProperty
      const at = typeof extra === 'string' ? appendPointer(issue.instancePath, extra) : issue.instancePath
      const here = valueAt(data, at)
      if (here.found) {
        const label = typeof extra === 'string' ? `${q(extra)}: ` : ''
        lines.push(`${pad}  ${paint(2, 'found   ')} ${label}${excerpt(here.value, max)} (${typeName(here.value)})`)
      }
    }
    lines.push(`${pad}  ${paint(2, 'schema  ')} ${issue.schemaPath}`)
  }
  return lines.join('\n')
}
