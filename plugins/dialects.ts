import type { Dialect, DialectName, Identity } from '../core/index.ts'

/** What a schema without identifying keywords gets (shared, frozen). */
const NO_IDENTITY: Identity = Object.freeze({})

const str = (v: unknown) => (typeof v === 'string' ? v : undefined)

// Where keywords apply, by the dialects that share them (a keyword file names one of these in its
// `dialects`, so a preset's membership is read in one place). The OpenAPI dialects follow the draft
// they build on: 3.1 on 2020-12, 3.0 on draft-04.

/** Draft 2020-12 and OpenAPI 3.1: `prefixItems`, array-less `items`, `$dynamicRef`. */
export const SINCE_2020: readonly DialectName[] = ['2020-12', 'openapi-3.1']
/** 2019-09 and later: `$defs`, `$anchor`, `dependentSchemas`, `unevaluated*`, `minContains`. */
export const SINCE_2019: readonly DialectName[] = ['2020-12', '2019-09', 'openapi-3.1']
/** Draft-07 and later: `if` / `then` / `else`. */
export const SINCE_07: readonly DialectName[] = ['2020-12', '2019-09', 'draft-07', 'openapi-3.1']
/** Draft-06 and later: `$id`, `const`, `contains`, `propertyNames`, number-valued exclusive bounds. */
export const SINCE_06: readonly DialectName[] = ['2020-12', '2019-09', 'draft-07', 'draft-06', 'openapi-3.1']
/** Up to 2019-09: array-form `items` with `additionalItems`. */
export const UNTIL_2019: readonly DialectName[] = ['2019-09', 'draft-07', 'draft-06', 'draft-04', 'openapi-3.0']
/** Draft-04 and OpenAPI 3.0: `id`, boolean `exclusiveMaximum` / `exclusiveMinimum`. */
export const DRAFT_04: readonly DialectName[] = ['draft-04', 'openapi-3.0']
/** Both OpenAPI dialects: `discriminator`, `xml`, `externalDocs`, `example`. */
export const OPENAPI: readonly DialectName[] = ['openapi-3.0', 'openapi-3.1']

/** Draft 2020-12: `$id`, `$anchor`, `$dynamicAnchor`. */
export const dialect2020: Dialect = {
  name: '2020-12',
  metaSchema: 'https://json-schema.org/draft/2020-12/schema',
  identify: (s): Identity =>
    s.$id === undefined && s.$anchor === undefined && s.$dynamicAnchor === undefined
      ? NO_IDENTITY
      : { id: str(s.$id), anchor: str(s.$anchor), dynamicAnchor: str(s.$dynamicAnchor) },
}

/** Draft 2019-09: `$id`, `$anchor`, `$recursiveAnchor`. */
export const dialect2019: Dialect = {
  name: '2019-09',
  metaSchema: 'https://json-schema.org/draft/2019-09/schema',
  identify: (s): Identity =>
    s.$id === undefined && s.$anchor === undefined && s.$recursiveAnchor === undefined
      ? NO_IDENTITY
      : { id: str(s.$id), anchor: str(s.$anchor), recursiveAnchor: s.$recursiveAnchor === true },
}

/**
 * An identifier that may carry a plain-name fragment (`#foo`, an anchor), as `$id` in draft-06/07
 * and `id` in draft-04; a `$ref` beside it makes it ignored like every other sibling.
 */
function legacyIdentity(id: string | undefined, s: Record<string, unknown>): Identity {
  if (id === undefined || typeof s.$ref === 'string') return NO_IDENTITY
  const hash = id.indexOf('#')
  if (hash < 0) return { id }
  const anchor = id.slice(hash + 1) || undefined
  return hash === 0 ? { anchor } : { id: id.slice(0, hash), anchor }
}

/**
 * Draft-07: `$id` may be a plain-name fragment (`#foo`, an anchor); a `$ref` makes every sibling,
 * `$id` included, ignored.
 */
export const dialect07: Dialect = {
  name: 'draft-07',
  metaSchema: 'http://json-schema.org/draft-07/schema',
  refOverridesSiblings: true,
  clashesOnReference: true,
  identify: (s) => legacyIdentity(str(s.$id), s),
}

/** Draft-06: identified as draft-07 (`$id` with plain-name fragments, `$ref` siblings ignored). */
export const dialect06: Dialect = {
  name: 'draft-06',
  metaSchema: 'http://json-schema.org/draft-06/schema',
  refOverridesSiblings: true,
  clashesOnReference: true,
  identify: (s) => legacyIdentity(str(s.$id), s),
}

/** Draft-04: `id` (no `$`) with plain-name fragments as anchors; `$ref` siblings ignored. */
export const dialect04: Dialect = {
  name: 'draft-04',
  metaSchema: 'http://json-schema.org/draft-04/schema',
  refOverridesSiblings: true,
  clashesOnReference: true,
  identify: (s) => legacyIdentity(str(s.id), s),
}

/** OpenAPI's extension keys: `x-` and anything after it. */
const EXTENSION = /^x-/

/**
 * OpenAPI 3.0 Schema Objects: draft-04 keywords (boolean exclusive bounds) plus `nullable`,
 * `discriminator`, `example`, `xml`, `externalDocs` and `x-*` extensions. No `$schema` names it:
 * it is chosen with `defaultDialect: 'openapi-3.0'`. Checked against the draft-04 meta-schema;
 * the OpenAPI keywords check their own shapes. A Schema Object has no `id`; `$ref` siblings are
 * ignored.
 * @see https://spec.openapis.org/oas/v3.0.3#schema-object
 */
export const dialectOpenApi30: Dialect = {
  name: 'openapi-3.0',
  checkedBy: 'http://json-schema.org/draft-04/schema',
  refOverridesSiblings: true,
  clashesOnReference: true,
  extensions: EXTENSION,
  identify: () => NO_IDENTITY,
}

/**
 * OpenAPI 3.1 Schema Objects: the OAS base dialect, 2020-12 plus the annotations `discriminator`,
 * `xml`, `externalDocs` and `example`, and `x-*` extensions. Checked against the 2020-12 meta-schema.
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 */
export const dialectOpenApi31: Dialect = {
  name: 'openapi-3.1',
  metaSchema: 'https://spec.openapis.org/oas/3.1/dialect/base',
  // The dated releases of the same dialect (OAS 3.1.1 and 3.1.2 publish these ids).
  aliases: ['https://spec.openapis.org/oas/3.1/dialect/2024-10-25', 'https://spec.openapis.org/oas/3.1/dialect/2024-11-10'],
  checkedBy: 'https://json-schema.org/draft/2020-12/schema',
  extensions: EXTENSION,
  identify: dialect2020.identify,
}
