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
import { unevaluated } from './unevaluated/index.ts'
import { validation } from './validation/index.ts'

export * from './applicator/index.ts'
export * from './content/index.ts'
export * from './core/index.ts'
export * from './meta-data/index.ts'
export * from './unevaluated/index.ts'
export * from './validation/index.ts'
export { formatKeyword }
export { formatCheckers } from './format/index.ts'
export { dialect2020 } from './dialects.ts'

/** Draft 2020-12, every vocabulary. */
export const draft2020 = [
  ...metaData,
  ...coreIdentifiers,
  ...validation,
  formatKeyword,
  ...applicatorChild,
  ...coreReferences,
  ...applicatorInPlace,
  ...unevaluated,
  ...content,
]
