/**
 * `schemavet/linear-regex`: the linear-time regular-expression engine (RE2 semantics through
 * re2js, pure JavaScript). Importing this entry registers it for every kernel, which is what
 * `regex: 'linear'` and `untrusted: true` (whose default engine it is) need; without it those
 * schemas are a `SchemaError` naming this entry. Kept out of the main entry so a bundle that does
 * not use it does not carry re2js.
 */
import { provideRegexEngine } from './regex/index.ts'
import { linearEngine } from './regex/linear.ts'

provideRegexEngine('linear', linearEngine)

export { MAX_PATTERN_SIZE, MAX_REPEAT, linearEngine, toRE2 } from './regex/linear.ts'
