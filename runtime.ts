/**
 * `schemavet/runtime`: what a module written by `schemavet compile` imports, by name: the format
 * checkers, property tests and exact tests its generated code calls, each keyword's issue words
 * (its `error`: params and message) for its failure code, the copy its defaults code fills, and
 * `ValidationError`. Nothing here compiles a schema or generates code; a bundler keeps only what
 * a module names. Modules whose own code does not answer every export import the interpreter
 * from `schemavet/runtime/interpreter` (which exports this entry too).
 */
export { isDate, isDateTime, isTime } from './formats/date-time.ts'
export { isDuration, isJsonPointer, isRegex, isRelativeJsonPointer, isUuid } from './formats/misc.ts'
export { isEmail, isHostname, isIdnEmail, isIdnHostname, isIpv4, isIpv6 } from './formats/network.ts'
export { isIri, isIriReference, isUri, isUriReference, isUriTemplate } from './formats/uri.ts'
export { canonicalKey, copyJson, hasOwn, isPlainContainer, setOwn } from './core/documents/json.ts'
export { escapePointerToken as escapeToken } from './core/documents/pointer.ts'
export { codePointLength, missingText } from './plugins/validation/_shared.ts'
export { isMultiple } from './plugins/validation/_multiple.ts'
export { isIntegerMultiple } from './runtime/integer-multiple.ts'
export { duplicate } from './plugins/validation/_duplicate.ts'
export { pathOf } from './core/results/standard-schema.ts'
export { ValidationError } from './core/contract/errors.ts'
export { falseSchemaError as falseSchemaError, nonFinite } from './core/contract/words.ts'
export { additionalText } from './plugins/applicator/_errors.ts'
export { formatError } from './plugins/format/_errors.ts'
export { constError, enumError, exclusiveMaximumError, exclusiveMinimumError, maxItemsError, maxLengthError, maximumError, maxPropertiesError, minItemsError, minLengthError, minimumError, minPropertiesError, multipleOfError, patternError, requiredError, typeError, uniqueItemsError } from './plugins/validation/_errors.ts'
