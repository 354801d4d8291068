/**
 * `formatForModel`: a `ValidationError` rendered for a language model to fix its output on the
 * next try. One line per problem: the JSON path (`$.attendees[1].email`), then the issue's own
 * message, which each keyword writes in the schema's concrete terms (allowed values, limits, the
 * format with an example, the extra property's name) with the received value. The words are the
 * keyword's, so `ValidationError.message`, Standard Schema issues, MCP errors and the CLI say the same.
 */
import { parsePointer } from '../api.ts'
import type { ValidationError, ValidationIssue } from '../api.ts'

/** Options of `formatForModel`. */
export interface FormatForModelOptions {
  /**
   * The value that was validated. When given, numeric property names are told apart from array
   * indexes in the paths (`$.scores["1"]` for an object, `$.scores[1]` for an array).
   */
  value?: unknown
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const INDEX = /^(?:0|[1-9][0-9]*)$/

/**
 * Renders every issue of `error` as one line `<JSON path>: <message>`, joined with `\n`, in the
 * error's order with exact duplicates dropped. Problems inside an `anyOf`/`oneOf` alternative
 * are marked with the alternative's index when their schema path shows it. Pure; allocates only
 * the string.
 */
export function formatForModel(error: ValidationError | { errors: readonly ValidationIssue[] }, options: FormatForModelOptions = {}): string {
  const issues = error.errors
  const data = 'value' in options ? { value: options.value } : undefined
  const branches = issues.filter((i) => i.schemaPath !== '')
  const lines: string[] = []
  const seen = new Set<string>()
  for (const issue of issues) {
    let text = issue.message
    const branch = branchOf(issue, branches)
    if (branch !== undefined) text += ` (in ${branch})`
    const line = `${jsonPath(issue.instancePath, data)}: ${text}`
    if (!seen.has(line)) {
      seen.add(line)
      lines.push(line)
    }
  }
  return lines.join('\n')
}

/**
 * `"anyOf" alternative 1` when the issue's schema path lies inside a numbered subschema of
 * another issue's keyword (a failed `anyOf` or `oneOf`: the keywords that report an issue of their
 * own beside their branches'), the innermost such; told by the paths, not by keyword names.
 */
function branchOf(issue: ValidationIssue, branches: ValidationIssue[]): string | undefined {
  let best: ValidationIssue | undefined
  let index = ''
  for (const b of branches) {
    if (b === issue || b.instancePath.length > issue.instancePath.length) continue
    if (!issue.schemaPath.startsWith(b.schemaPath + '/')) continue
    if (best !== undefined && b.schemaPath.length <= best.schemaPath.length) continue
    const next = issue.schemaPath.slice(b.schemaPath.length + 1).split('/', 1)[0]!
    if (!INDEX.test(next)) continue
    best = b
    index = next
  }
  return best === undefined ? undefined : `"${best.keyword}" alternative ${index}`
}

/**
 * A JSON Pointer as a JSONPath-style path a model reads easily: `''` → `$`,
 * `/attendees/1/e-mail` → `$.attendees[1]["e-mail"]`. Numeric segments are indexes unless
 * `data.value` shows the parent is an object.
 */
export function jsonPath(pointer: string, data?: { value: unknown }): string {
  let segments: string[]
  try {
    segments = parsePointer(pointer)
  } catch {
    return pointer // not a JSON Pointer: nothing to translate, and a renderer never throws
  }
  let out = '$'
  let node: unknown = data?.value
  let known = data !== undefined
  for (const segment of segments) {
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
