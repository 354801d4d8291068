/**
 * JSDoc to JSON Schema keywords. The doc comment's text becomes `description` (an explicit
 * `@description` wins); each supported tag becomes the keyword of the same name. Tags schemavet
 * does not know (`@see`, `@remarks`, `@example`) are ignored; a known tag with a value that
 * does not fit (`@minimum ten`) is a problem reported with the property it sits on.
 */
import type * as TS from 'typescript-6'
import type { Derivation, JsonSchema } from './derive.ts'

type TagReader = (text: string) => unknown

/** A non-negative integer. */
function count(text: string): unknown {
  const n = Number(text)
  if (text === '' || !Number.isInteger(n) || n < 0) throw new Error('expects a non-negative integer')
  return n
}

function finite(text: string): unknown {
  const n = Number(text)
  if (text === '' || !Number.isFinite(n)) throw new Error('expects a number')
  return n
}

function json(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new Error('expects a JSON value (write strings in double quotes)')
  }
}

function word(text: string): unknown {
  if (text === '') throw new Error('expects a value')
  return text
}

/** Tags whose value is the keyword's value. */
const KEYWORD_TAGS: Record<string, TagReader> = {
  title: word,
  description: (text) => text,
  minimum: finite,
  maximum: finite,
  exclusiveMinimum: finite,
  exclusiveMaximum: finite,
  multipleOf: (text) => {
    const n = finite(text) as number
    if (n <= 0) throw new Error('expects a number greater than 0')
    return n
  },
  minLength: count,
  maxLength: count,
  minItems: count,
  maxItems: count,
  pattern: (text) => {
    try {
      new RegExp(text, 'u')
    } catch (e) {
      throw new Error(`expects a regular expression (${(e as Error).message})`)
    }
    return text
  },
  format: (text) => {
    if (!/^\S+$/.test(text)) throw new Error('expects a format name such as date-time or email')
    return text
  },
  uniqueItems: (text) => {
    if (text === '' || text === 'true') return true
    if (text === 'false') return false
    throw new Error('expects nothing, true or false')
  },
  default: json,
  // An array lists the examples; any other JSON value is one example.
  examples: (text) => {
    const value = json(text)
    return Array.isArray(value) ? value : [value]
  },
  // Whatever follows @deprecated is advice for people; the keyword is a flag.
  deprecated: () => true,
}

/**
 * Display parts as plain text: `{@link Target}` reads as `Target` and `{@link Target | text}` as
 * `text`, since a schema's reader (often a model) cannot follow the link.
 */
function plainText(parts: readonly TS.SymbolDisplayPart[] | undefined): string {
  let out = ''
  let name = ''
  let label = ''
  let inLink = false
  for (const part of parts ?? []) {
    if (part.kind === 'link') {
      if (inLink) out += label.trim() || name
      inLink = !inLink
      name = label = ''
    } else if (!inLink) out += part.text
    else if (part.kind === 'linkName') name += part.text
    else label += part.text
  }
  return out.trim()
}

/**
 * Adds the keywords of `symbol`'s doc comment and JSDoc tags to `schema` (mutating it), over what
 * is there. `@integer` turns `type: number` into `integer`. Problems go to the derivation.
 */
export function annotate(d: Derivation, schema: JsonSchema, symbol: TS.Symbol): void {
  const text = plainText(symbol.getDocumentationComment(d.checker))
  if (text !== '') schema.description = text
  for (const tag of symbol.getJsDocTags(d.checker)) {
    const value = plainText(tag.text)
    if (tag.name === 'integer') {
      if (value !== '') d.problem(`@integer takes no value (found "${value}")`)
      else toInteger(d, schema, '@integer')
      continue
    }
    const read = Object.hasOwn(KEYWORD_TAGS, tag.name) ? KEYWORD_TAGS[tag.name] : undefined
    if (read === undefined) continue
    try {
      schema[tag.name] = read(value)
    } catch (e) {
      d.problem(`@${tag.name} ${(e as Error).message}, found "${value}"`)
    }
  }
}

/**
 * Narrows `number` to `integer` in `schema` (a `type` keyword, or each branch of an `anyOf`).
 * A schema with no `number` in it is a problem: `why` names what asked for the change.
 */
export function toInteger(d: Derivation, schema: JsonSchema, why: string): void {
  if (!narrow(schema)) {
    d.problem(`${why} applies to number types only${schema.$ref !== undefined ? ' (put it on the declaration of the named type instead)' : ''}`)
  }
}

function narrow(schema: JsonSchema): boolean {
  const type = schema.type
  if (type === 'number') {
    schema.type = 'integer'
    return true
  }
  if (Array.isArray(type) && type.includes('number')) {
    schema.type = type.map((t) => (t === 'number' ? 'integer' : t))
    return true
  }
  if (Array.isArray(schema.anyOf)) {
    let any = false
    for (const branch of schema.anyOf as JsonSchema[]) any = narrow(branch) || any
    return any
  }
  return false
}
