/**
 * The kernel's public surface: what plugins, integrations and the top-level entry may import.
 */
export { Kernel } from './kernel.ts'
export { resolveOptions } from './contract/options.ts'
export type { ClassPlugin, KernelOptions, KernelSetup, Plugin, TypedSchema } from './kernel.ts'
export { JSONSchemaValidator, SimpleJSONSchema, StructValidator } from './validator.ts'
export type { Schema, Validator } from './validator.ts'
export { SchemaError, ValidationError } from './contract/errors.ts'
export { applyThenValidate } from './apply-then-validate.ts'
export type { Applied, AppliedResult, NotApplied } from './apply-then-validate.ts'
export { KEY_WORK, UNTRUSTED_LIMITS } from './contract/limits.ts'
export type { SchemaProblem, ValidationIssue } from './contract/errors.ts'
export type { Hooks } from './contract/hooks.ts'
export type { Dialect, Identity } from './documents/schema-index.ts'
export { RECURSIVE_ANCHOR } from './documents/schema-index.ts'
export type * from './contract/types.ts'
export { js, joinCode, literal } from './contract/code.ts'
export { canonicalKey, copyJson, equalWork, hasOwn, isObject, jsonEqual, jsonTypeOf, setOwn, stringifyJson, CyclicDataError } from './documents/json.ts'
export { appendPointer, escapePointerToken, followPointer, formatPointer, parsePointer, unescapePointerToken, uriFragmentOf } from './documents/pointer.ts'
export { article, count, excerpt, falseSchemaText, got, nonFinite, typeList, valueList } from './contract/words.ts'
export type { StandardProps } from './results/standard-schema.ts'

import type { KeywordDefinition } from './contract/types.ts'

/** Typed identity helper for a keyword plugin: infers `V` and `C` from `compile`. */
export function defineKeyword<V, C>(definition: KeywordDefinition<V, C>): KeywordDefinition<V, C> {
  return definition
}
export type { OutputFormat, OutputUnit } from './results/output.ts'
export type { Chosen, FromSchema, InferMode, Inferred } from './infer.ts'
export { FailureRecord, generatedSource } from './codegen/index.ts'
export type { ModuleSource } from './codegen/index.ts'
