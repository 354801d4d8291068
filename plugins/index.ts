import { Kernel } from '../core/index.ts'
import type { DialectName, KeywordDefinition } from '../core/index.ts'
/**
 * Presets: ordered keyword lists per dialect, assembled in one place. The order is evaluation
 * order (cheap checks before applicators) and the order `applyDefaults` walks: a schema's own
 * `default`, then child applicators, then references, `allOf`, `dependentSchemas`, `if`,
 * `anyOf`/`oneOf`, then `unevaluated*`.
 */
import { applicatorChild, applicatorInPlace } from './applicator/index.ts'
import { content } from './content/index.ts'
import { coreIdentifiers, coreReferences } from './core/index.ts'
import { formatKeyword } from './format/format.ts'
import { metaData } from './meta-data/index.ts'
import { openApi } from './openapi/index.ts'
import { unevaluated } from './unevaluated/index.ts'
import { validation } from './validation/index.ts'
import { compareTiers } from './check-emit.ts'
import type { EmitCase, EmitDifference } from './check-emit.ts'
import { dialect04, dialect06, dialect07, dialect2019, dialect2020, dialectOpenApi30, dialectOpenApi31 } from './dialects.ts'
import { formatCheckers } from '../formats/index.ts'
import { metaSchemas } from '../metaschemas/index.ts'
import { regexEngines } from '../regex/index.ts'

export * from './applicator/index.ts'
export * from './content/index.ts'
export * from './core/index.ts'
export * from './meta-data/index.ts'
export * from './openapi/index.ts'
export * from './unevaluated/index.ts'
export * from './validation/index.ts'
export { formatKeyword }
// The code builder a keyword's `emit` writes with.
export { joinCode, js, literal } from '../core/index.ts'
export type { Code, EmitBlock, EmitContext } from '../core/index.ts'
export { formatCheckers }
export { dialect04, dialect06, dialect07, dialect2019, dialect2020, dialectOpenApi30, dialectOpenApi31 }
export type { EmitCase, EmitDifference }
export { convertSchema, toDraft07, toOpenApi30 } from '../convert/index.ts'
export { regexEngines, superLinearReason } from '../regex/index.ts'

/**
 * Every keyword of drafts 2020-12, 2019-09, draft-07, draft-06, draft-04 and the OpenAPI 3.0 / 3.1
 * Schema Objects, in evaluation order; each definition's `dialects` says where it applies, so one
 * ordered list serves them all.
 */
export const standardKeywords: readonly KeywordDefinition[] = [
  ...metaData,
  ...coreIdentifiers,
  ...validation,
  formatKeyword,
  ...applicatorChild,
  ...coreReferences,
  ...applicatorInPlace,
  ...unevaluated,
  ...content,
  ...openApi,
]

const only = (dialect: DialectName) => standardKeywords.filter((d) => d.dialects === undefined || d.dialects.includes(dialect))

/** Draft 2020-12 keywords, in order. */
export const draft2020 = only('2020-12')
/** Draft 2019-09 keywords, in order. */
export const draft2019 = only('2019-09')
/** Draft-07 keywords, in order. */
export const draft7 = only('draft-07')
/** Draft-06 keywords, in order. */
export const draft6 = only('draft-06')
/** Draft-04 keywords, in order. */
export const draft4 = only('draft-04')
/** OpenAPI 3.0 Schema Object keywords, in order. */
export const openApi30 = only('openapi-3.0')
/** OpenAPI 3.1 Schema Object keywords (the OAS base dialect), in order. */
export const openApi31 = only('openapi-3.1')

/**
 * Checks a keyword's `emit` against its `validate`: registers the keyword on a fresh kernel with
 * the standard dialects, compiles each case's schema interpreted (`codegen: false`) and generated
 * from the first call (`codegenThreshold: 0`), and runs its instances through both. Returns every
 * difference in answer or issues, and each case whose schema reached no generated code using the
 * keyword; empty when the tiers agree (`assert.deepEqual(checkEmit(even, cases), [])`). A
 * definition named as a standard keyword stands in for it.
 */
export function checkEmit(definition: KeywordDefinition, cases: readonly EmitCase[]): EmitDifference[] {
  const setup = {
    dialects: [dialect2020, dialect2019, dialect07, dialect06, dialect04, dialectOpenApi31, dialectOpenApi30],
    // The definition checked stands in for a standard keyword of its name (a kernel takes the first).
    presets: standardKeywords.filter((d) => d.keyword !== definition.keyword),
    formats: formatCheckers,
    registry: metaSchemas,
    regexEngines,
  }
  return compareTiers((keyword) => new Kernel(setup, { plugins: [keyword] }), definition, cases)
}
