/**
 * JSDoc to JSON Schema keywords (the table is in docs/struct.md). The doc comment's text becomes
 * `description` (an explicit `@description` wins); each supported tag becomes the keyword of the
 * same name. The spellings users of ts-json-schema-generator and typescript-json-schema already
 * write mean the same here: `@asType`, `@TJS-type` and `@type` (only `integer` narrows; the type
 * itself comes from TypeScript), `@TJS-<keyword>` for any supported keyword, `@nullable`, and
 * `@example` with a JSON value. Documentation tags (`@see`, `@remarks`, `@param`, ...) are
 * ignored; any other tag is ignored with a warning, since it is most likely a typo or a tag of
 * another tool that would otherwise be dropped silently. A known tag with a value that does not
 * fit (`@minimum ten`) is a problem reported with the property it sits on.
 */
import type * as TS from 'typescript'
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

/** `''`, `true` or `false`: a flag keyword (`@readOnly`, `@deprecated false`). */
function flag(text: string): unknown {
  if (text === '' || text === 'true') return true
  if (text === 'false') return false
  throw new Error('expects nothing, true or false')
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
  minProperties: count,
  maxProperties: count,
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
  uniqueItems: flag,
  readOnly: flag,
  writeOnly: flag,
  default: json,
  const: json,
  // An array lists the examples; any other JSON value is one example.
  examples: (text) => {
    const value = json(text)
    return Array.isArray(value) ? value : [value]
  },
  // Whatever follows @deprecated is advice for people; the keyword is a flag.
  deprecated: () => true,
}

/** Tags that set `type` in ts-json-schema-generator (`@asType`) and typescript-json-schema. */
const TYPE_TAGS = new Set(['asType', 'TJS-type', 'type'])

/**
 * Tags that document code rather than data (TSDoc, JSDoc and the generators' own), read by
 * people and editors: ignored without a warning.
 */
const DOCUMENTATION_TAGS = new Set([
  'see', 'remarks', 'privateRemarks', 'param', 'typeParam', 'returns', 'return', 'throws', 'since',
  'author', 'version', 'license', 'link', 'inheritDoc', 'internal', 'public', 'private', 'protected',
  'alpha', 'beta', 'experimental', 'override', 'virtual', 'sealed', 'readonly', 'defaultValue',
  'todo', 'packageDocumentation', 'label', 'eventProperty', 'decorator', 'category', 'module',
])

/** Every tag name `annotate` reads, for suggestions (`@minlength` → `@minLength`). */
const UNDERSTOOD = [...Object.keys(KEYWORD_TAGS), ...TYPE_TAGS, 'integer', 'nullable', 'example']

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
  let nullable = false
  for (const tag of symbol.getJsDocTags(d.checker)) {
    const value = plainText(tag.text)
    // typescript-json-schema writes any keyword as @TJS-<keyword>.
    const name = tag.name.startsWith('TJS-') && tag.name !== 'TJS-type' ? tag.name.slice(4) : tag.name
    if (name === 'integer') {
      if (value !== '') d.problem(`@integer takes no value (found "${value}")`)
      else toInteger(d, schema, '@integer')
      continue
    }
    if (TYPE_TAGS.has(name)) {
      asType(d, schema, `@${tag.name}`, value)
      continue
    }
    if (name === 'nullable') {
      if (value !== '') d.problem(`@nullable takes no value (found "${value}")`)
      else nullable = true
      continue
    }
    if (name === 'example') {
      // TSDoc's @example is often code for people; a JSON value is an example of the data.
      try {
        const example: unknown = JSON.parse(value)
        schema.examples = [...(Array.isArray(schema.examples) ? schema.examples : []), example]
      } catch {
        // not JSON: documentation only
      }
      continue
    }
    const read = Object.hasOwn(KEYWORD_TAGS, name) ? KEYWORD_TAGS[name] : undefined
    if (read === undefined) {
      if (!DOCUMENTATION_TAGS.has(name)) d.warn(`@${tag.name} is not a tag schemavet reads, so it was ignored${suggest(name)}`)
      continue
    }
    try {
      schema[name] = read(value)
    } catch (e) {
      d.problem(`@${tag.name} ${(e as Error).message}, found "${value}"`)
    }
  }
  // Last, so that keywords given beside it (`@const`, `@format`) stay with the non-null branch.
  if (nullable) d.nullable(schema)
}

/** ` (did you mean @minLength?)` for a tag that differs from one schemavet reads only in case. */
function suggest(name: string): string {
  const lower = name.toLowerCase()
  const near = UNDERSTOOD.find((known) => known.toLowerCase() === lower)
  return near === undefined ? '; see the tag table in docs/struct.md' : ` (did you mean @${near}?)`
}

/**
 * `@asType integer` and its spellings: `integer` narrows `number` (as `@integer`); naming the
 * type TypeScript already gives is accepted; anything else would contradict the declaration.
 */
function asType(d: Derivation, schema: JsonSchema, tag: string, written: string): void {
  const value = written.replace(/^\{\s*(.*?)\s*\}$/, '$1')
  if (value === 'integer') {
    toInteger(d, schema, tag)
    return
  }
  const types = [schema.type].flat()
  if (value !== '' && types.includes(value)) return
  d.problem(
    `${tag} ${value} does not match the declared type${schema.type === undefined ? '' : ` (${types.join(' | ')})`}: the type comes from TypeScript, and ${tag} can only narrow number to integer`,
  )
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
