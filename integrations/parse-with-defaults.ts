/**
 * The one apply-defaults-then-validate adapter every integration goes through, and the schema
 * normalisation they share: a schemavet `Schema` is used as given; a raw JSON Schema document is
 * compiled once (cached per object) with every problem collected, bounded, because these errors
 * are read by people and models who need the whole list to fix the value in one go.
 */
import { applyThenValidate, newJSONSchema } from '../api.ts'
import type { SchemaOptions, ValidationError } from '../api.ts'
import type { ChosenOutput, Inferred, Schema } from '../api.ts'
import { regexEngines } from '../regex/index.ts'
import { InvalidArgumentError } from './errors.ts'
import type { ErrorContext } from './errors.ts'

/**
 * What the integrations accept wherever a schema is expected: a schemavet `Schema` (used as is),
 * a raw JSON Schema document (an object or a boolean), or an AI SDK `jsonSchema(...)` wrapper
 * whose `jsonSchema` is a plain object (its JSON Schema is used; its `validate` is not).
 */
export type SchemaInput = Schema | Readonly<Record<string, unknown>> | boolean

/** Options raw documents are compiled with: every problem, at most 20 (a bound on untrusted input). */
export const COMPILE_OPTIONS = Object.freeze({ allErrors: true, maxErrors: 20 })

/**
 * Where a raw document comes from, as the entry point taking it knows (a raw object cannot say):
 * `'local'`, the caller's own code (compiled with `COMPILE_OPTIONS`); `'wire'`, another process
 * (an MCP server's tool list or output schemas), compiled with `wireOptions`.
 */
export type SchemaSource = 'local' | 'wire'

/** The `trusted` option of the entry points that take schemas from another process. */
export interface WireTrust {
  /**
   * Compile the schemas as written by your own code: without the limits of untrusted mode (and
   * with the `resolveRef` hook consulted). Default false: the schemas come from another process.
   */
  trusted?: boolean
}

/**
 * `options` for a schema from another process: untrusted mode (its limits on size, depth,
 * subschemas, references and work per call; see SECURITY.md) unless `options.untrusted` says
 * otherwise, and patterns on the linear engine once `schemavet/linear-regex` has been imported,
 * otherwise on the platform engine behind the super-linear check (a flagged pattern is a
 * `SchemaError` naming that entry). Decided at each compile, so an import made after this module
 * loaded still counts; an explicit `regex` is kept.
 */
export function wireOptions(options: SchemaOptions = COMPILE_OPTIONS): SchemaOptions {
  const untrusted = options.untrusted ?? true
  if (!untrusted) return options
  return { ...options, untrusted, regex: options.regex ?? (regexEngines.linear !== undefined ? 'linear' : 'ecmascript') }
}

/** The source a `WireTrust` option stands for. */
export function sourceOf(options: WireTrust | undefined): SchemaSource {
  return options?.trusted === true ? 'local' : 'wire'
}

const compiled = { local: new WeakMap<object, Schema>(), wire: new WeakMap<object, Schema>() }
const booleans = { local: new Map<boolean, Schema>(), wire: new Map<boolean, Schema>() }
const AI_SDK_SCHEMA = Symbol.for('vercel.ai.schema')

/** True for a schemavet `Schema` (anything with a `validator()` method). */
export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && typeof (value as Schema).validator === 'function'
}

/** The JSON Schema inside an AI SDK `jsonSchema()` wrapper, or undefined for anything else. */
function unwrapAISDKSchema(value: object): object | undefined {
  const v = value as Record<PropertyKey, unknown>
  if (v[AI_SDK_SCHEMA] !== true) return undefined
  const inner = v.jsonSchema
  // A promised schema cannot be compiled synchronously; it is rejected below as not a schema.
  if (typeof inner === 'object' && inner !== null && typeof (inner as PromiseLike<unknown>).then !== 'function') return inner
  throw new TypeError('schemavet: an AI SDK schema whose jsonSchema is a promise cannot be used here; pass the JSON Schema object itself')
}

/**
 * The compiled `Schema` for `input`. A raw document is compiled on first use with
 * `COMPILE_OPTIONS`, or `wireOptions()` when its `source` is `'wire'`, and cached by object
 * identity (per source), so pass the same object to reuse the work. A schemavet `Schema` is used
 * as given whatever the source: it was compiled by the caller.
 * @throws SchemaError when a raw document is not a valid JSON Schema (or exceeds a limit of untrusted mode)
 */
export function toSchema(input: SchemaInput, source: SchemaSource = 'local'): Schema {
  if (typeof input === 'boolean') {
    const known = booleans[source].get(input)
    if (known !== undefined) return known
    const fresh = compile(input, source)
    booleans[source].set(input, fresh)
    return fresh
  }
  if (isSchema(input)) return input
  const cache = compiled[source]
  const known = cache.get(input)
  if (known !== undefined) return known
  const fresh = compile(unwrapAISDKSchema(input) ?? input, source)
  cache.set(input, fresh)
  return fresh
}

function compile(document: unknown, source: SchemaSource): Schema {
  // The data type is not known statically here: these documents arrive at run time.
  return newJSONSchema<unknown>(document, source === 'wire' ? wireOptions() : COMPILE_OPTIONS)
}

/**
 * The JSON Schema document behind `input` (the very object for a raw document; for a `Schema`,
 * its `validator().jsonSchema()`). Not a copy: copy it before handing it to code that may mutate it.
 */
export function jsonSchemaOf(input: SchemaInput): unknown {
  if (typeof input === 'boolean') return input
  if (isSchema(input)) return input.validator().jsonSchema()
  return unwrapAISDKSchema(input) ?? input
}

/** Where the checked value came from; `field` is required, the rest as known. */
export interface ParseContext extends ErrorContext {
  /** Path of the value in the caller's input (`options`, `messages[3].parts[1].input`). */
  field: string
}

/** The defaulted, valid value. */
export interface ParseSuccess<T> {
  success: true
  value: T
}

/** Why the value was rejected: the contextual error and the `ValidationError` behind it. */
export interface ParseFailure {
  success: false
  /** Names the field and entity; its `cause` is `validationError`. */
  error: InvalidArgumentError
  /** Every problem found (or the reference cycle that stopped `applyDefaults`). */
  validationError: ValidationError
}

/** The outcome of `parseWithDefaults`: check `success`. */
export type ParseResult<T> = ParseSuccess<T> | ParseFailure

/**
 * Applies defaults, then validates, then hands on the defaulted copy: `applyDefaults(value,
 * schema)` followed by `schema.validator().validate(copy)`. On success `value` is that copy,
 * never the input; `value` itself is never mutated. On failure `error` is an
 * `InvalidArgumentError` for `context.field` whose `cause` is the `ValidationError` (also a `$ref`
 * cycle that consumes no input, which `applyDefaults` throws). Allocates the copy on every call.
 * Statically, `value` on success is the schema's output type (`SchemaOutput`), or `T` when given.
 * @throws SchemaError when `schema` is a raw document that is not a valid JSON Schema
 */
export function parseWithDefaults<T = Inferred, const S extends SchemaInput = SchemaInput>(schema: S, value: unknown, context: ParseContext): ParseResult<ChosenOutput<T, S>> {
  const result = applyThenValidate<unknown>(value, toSchema(schema))
  return result.error === undefined ? { success: true, value: result.value as ChosenOutput<T, S> } : failure(result.error, value, context)
}

function failure(validationError: ValidationError, value: unknown, context: ParseContext): ParseFailure {
  return {
    success: false,
    validationError,
    error: new InvalidArgumentError({
      parameter: context.field.split(/[.[]/, 1)[0]!,
      value,
      message: `Invalid value for ${describeContext(context)}: ${validationError.message}`,
      cause: validationError,
      field: context.field,
      entityName: context.entityName,
      entityId: context.entityId,
    }),
  }
}

/** `messages[0].metadata (tool "weather", id call-1)`: the field and what it belongs to. */
export function describeContext(context: ParseContext): string {
  const about: string[] = []
  if (context.entityName !== undefined) about.push(`"${context.entityName}"`)
  if (context.entityId !== undefined) about.push(`id ${context.entityId}`)
  return about.length === 0 ? context.field : `${context.field} (${about.join(', ')})`
}

/** Own property lookup: a map of names never answers for `constructor` or `__proto__`. */
export function getOwn<V>(record: Readonly<Record<string, V>> | undefined, key: string): V | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined
}
