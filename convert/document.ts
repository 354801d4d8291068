/**
 * An index of one schema document for the converters: which dialect each schema object is in,
 * where its subschemas are, which resources (`$id`) and anchors it declares, and where each
 * `$ref` lands. Built once per conversion; the document is only read, never changed.
 */
import { formatPointer, hasOwn, isObject, setOwn } from '../core/index.ts'
import type { DialectName } from '../core/index.ts'
import { dialect07, dialect2019, dialect2020 } from '../plugins/dialects.ts'

/** Base URI of a document without `$id` (any absolute URI with a path works for resolution). */
export const DOCUMENT_BASE = 'schemavet://convert/root.json'

const DIALECTS: Record<string, DialectName> = Object.fromEntries([dialect2020, dialect2019, dialect07].map((d) => [d.metaSchema!, d.name]))

/**
 * The dialect a `$schema` value names, or undefined for one schemavet does not know (a custom
 * meta-schema: its document is in a registry the converter does not see, so such a schema is
 * read as the enclosing dialect, by default 2020-12, with every vocabulary).
 */
export function dialectOf(uri: unknown): DialectName | undefined {
  if (typeof uri !== 'string') return undefined
  return DIALECTS[uri.endsWith('#') ? uri.slice(0, -1) : uri]
}

/** How a keyword holds subschemas: one, an array, a map of names, or (draft-07 `items`) either. */
export type Shape = 'schema' | 'array' | 'map' | 'schemaOrArray' | 'dependencies'

const COMMON: Record<string, Shape> = {
  not: 'schema',
  if: 'schema',
  then: 'schema',
  else: 'schema',
  additionalProperties: 'schema',
  propertyNames: 'schema',
  contains: 'schema',
  allOf: 'array',
  anyOf: 'array',
  oneOf: 'array',
  properties: 'map',
  patternProperties: 'map',
  // Not a keyword after draft-07, but schemas generated for later drafts still use it and
  // point into it; the kernel reads it in every dialect.
  definitions: 'map',
  dependencies: 'dependencies',
}
const LATER: Record<string, Shape> = {
  ...COMMON,
  $defs: 'map',
  dependentSchemas: 'map',
  unevaluatedItems: 'schema',
  unevaluatedProperties: 'schema',
  contentSchema: 'schema',
}
const SHAPES: Record<DialectName, Record<string, Shape>> = {
  '2020-12': { ...LATER, prefixItems: 'array', items: 'schema' },
  '2019-09': { ...LATER, items: 'schemaOrArray', additionalItems: 'schema' },
  'draft-07': { ...COMMON, items: 'schemaOrArray', additionalItems: 'schema' },
  'draft-06': { ...COMMON, items: 'schemaOrArray', additionalItems: 'schema' },
  'draft-04': { ...COMMON, items: 'schemaOrArray', additionalItems: 'schema' },
  'openapi-3.0': { ...COMMON, items: 'schemaOrArray', additionalItems: 'schema' },
  'openapi-3.1': { ...LATER, prefixItems: 'array', items: 'schema' },
}

/** The subschema shape of `keyword` in `dialect`, or undefined when its value holds none. */
export function shapeOf(dialect: DialectName, keyword: string): Shape | undefined {
  return hasOwn(SHAPES[dialect], keyword) ? SHAPES[dialect][keyword] : undefined
}

/**
 * Calls `visit(value, ...segments)` for each subschema directly inside `schema[keyword]`
 * (dependency lists of `dependencies` are not subschemas and are skipped).
 */
export function eachSubschema(
  shape: Shape,
  value: unknown,
  visit: (sub: unknown, segments: (string | number)[]) => void,
): void {
  if (shape === 'schema' || (shape === 'schemaOrArray' && !Array.isArray(value))) visit(value, [])
  else if (shape === 'array' || shape === 'schemaOrArray') {
    if (Array.isArray(value)) value.forEach((sub, i) => visit(sub, [i]))
  } else if (isObject(value)) {
    for (const name of Object.keys(value)) {
      if (shape === 'dependencies' && Array.isArray(value[name])) continue
      visit(value[name], [name])
    }
  }
}

/** A copy of `schema[keyword]` with `f` applied to each subschema directly inside it (the rest as is). */
function mapSubschemas(shape: Shape, value: unknown, f: (sub: unknown) => unknown): unknown {
  if (shape === 'schema' || (shape === 'schemaOrArray' && !Array.isArray(value))) return f(value)
  if (shape === 'array' || shape === 'schemaOrArray') return Array.isArray(value) ? value.map(f) : value
  if (!isObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(value)) setOwn(out, name, shape === 'dependencies' && Array.isArray(value[name]) ? value[name] : f(value[name]))
  return out
}

/**
 * A copy of `schema` with its references into its own document (`#`, `#/...`) moved under `base`
 * (a fragment, `#/properties/elements/items`), for a schema placed at `base` inside another
 * document. Only subschemas are followed (by `dialect`, or a `$schema` met on the way), so a
 * `$ref` key inside `const`, `enum` or `default` data stays as it is; an embedded resource (own
 * `$id`) resolves its own references and is kept whole. Values that are not subschemas are shared.
 */
export function rebaseLocalRefs(schema: unknown, base: string, dialect: DialectName = '2020-12'): unknown {
  if (!isObject(schema)) return schema
  const here = dialectOf(schema.$schema) ?? dialect
  const out: Record<string, unknown> = {}
  for (const keyword of Object.keys(schema)) {
    const value = schema[keyword]
    if ((keyword === '$ref' || keyword === '$dynamicRef') && typeof value === 'string' && (value === '#' || value.startsWith('#/'))) {
      setOwn(out, keyword, base + value.slice(1))
      continue
    }
    const shape = shapeOf(here, keyword)
    const inner = (sub: unknown) => (isObject(sub) && typeof sub.$id === 'string' ? sub : rebaseLocalRefs(sub, base, here))
    setOwn(out, keyword, shape === undefined ? value : mapSubschemas(shape, value, inner))
  }
  return out
}

/** A schema position: the value, the base URI and dialect in effect there, its pointer tokens. */
export interface Located {
  readonly node: unknown
  readonly base: string
  readonly dialect: DialectName
  /** Pointer tokens from the document root. */
  readonly tokens: readonly (string | number)[]
}

/** Where a reference points: the absolute URI without fragment, and the decoded fragment. */
export interface RefTarget {
  readonly uri: string
  readonly fragment: string
  /** The schema it lands on, when it lands on a schema of this document. */
  readonly located: Located | undefined
}

/** Resolves `ref` against `base` (RFC 3986 through WHATWG `URL`); undefined when it cannot. */
export function resolveUri(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href
  } catch {
    return undefined
  }
}

/** Percent-decodes a fragment; undefined for malformed encoding. */
function decodeFragment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw)
  } catch {
    return undefined
  }
}

/** The index of one document. */
export class SchemaDocument {
  /** Dialect of the root (from its `$schema`, else draft 2020-12). */
  readonly rootDialect: DialectName
  /** `uri#pointer` (pointer relative to that resource, decoded) and `uri#anchor` to positions. */
  private readonly positions = new Map<string, Located>()
  /** Every `$ref` with the base URI it resolves against. */
  private readonly refs: { ref: string; base: string }[] = []

  constructor(readonly root: unknown) {
    this.rootDialect = (isObject(root) && dialectOf(root.$schema)) || '2020-12'
    this.walk(root, DOCUMENT_BASE, this.rootDialect, [], [{ uri: DOCUMENT_BASE, depth: 0 }])
  }

  private walk(
    node: unknown,
    base: string,
    dialect: DialectName,
    tokens: (string | number)[],
    resources: { uri: string; depth: number }[],
  ): void {
    if (!isObject(node)) {
      if (typeof node === 'boolean') this.record({ node, base, dialect, tokens }, resources)
      return
    }
    dialect = dialectOf(node.$schema) ?? dialect
    const id = typeof node.$id === 'string' && !(dialect === 'draft-07' && hasOwn(node, '$ref')) ? node.$id : undefined
    const hash = id?.indexOf('#') ?? -1
    const idPart = id === undefined ? undefined : hash < 0 ? id : id.slice(0, hash)
    if (idPart !== undefined && idPart !== '') {
      const uri = resolveUri(idPart, base)
      if (uri !== undefined) {
        base = uri
        resources = [...resources, { uri, depth: tokens.length }]
      }
    }
    if (typeof node.$ref === 'string') this.refs.push({ ref: node.$ref, base })
    const located: Located = { node, base, dialect, tokens }
    this.record(located, resources)
    const anchors = [dialect === 'draft-07' && hash >= 0 ? id!.slice(hash + 1) : undefined, node.$anchor, node.$dynamicAnchor]
    for (const anchor of anchors) {
      if (typeof anchor === 'string' && anchor !== '') this.positions.set(`${base}#${anchor}`, located)
    }
    for (const keyword of Object.keys(node)) {
      const shape = shapeOf(dialect, keyword)
      if (shape === undefined) continue
      eachSubschema(shape, node[keyword], (sub, segments) => {
        this.walk(sub, base, dialect, [...tokens, keyword, ...segments], resources)
      })
    }
  }

  private record(located: Located, resources: { uri: string; depth: number }[]): void {
    for (const r of resources) {
      const key = `${r.uri}#${formatPointer(located.tokens.slice(r.depth))}`
      if (!this.positions.has(key)) this.positions.set(key, located)
    }
  }

  /** The position at `tokens` from the document root, if a subschema sits there. */
  at(tokens: readonly (string | number)[]): Located | undefined {
    return this.positions.get(`${DOCUMENT_BASE}#${formatPointer(tokens)}`)
  }

  /** The position at `fragment` (a decoded JSON Pointer or an anchor) of resource `uri`. */
  locate(uri: string, fragment: string): Located | undefined {
    return this.positions.get(`${uri}#${fragment}`)
  }

  /** Whether some `$ref` leads out of this document (to a registry schema, which may see its dynamic anchors). */
  refersOutside(): boolean {
    return this.refs.some(({ ref, base }) => {
      const target = this.resolve(ref, base)
      return target === undefined || this.locate(target.uri, '') === undefined
    })
  }

  /** Resolves `ref` against `base`; undefined when the reference is not a valid URI reference. */
  resolve(ref: string, base: string): RefTarget | undefined {
    const absolute = resolveUri(ref, base)
    if (absolute === undefined) return undefined
    const hash = absolute.indexOf('#')
    const uri = hash < 0 ? absolute : absolute.slice(0, hash)
    const fragment = hash < 0 ? '' : decodeFragment(absolute.slice(hash + 1))
    if (fragment === undefined) return undefined
    return { uri, fragment, located: this.locate(uri, fragment) }
  }
}
