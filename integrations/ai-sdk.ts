/**
 * The AI SDK. From `ai@6` on, a schemavet schema is taken as it is (Standard Schema with the JSON
 * Schema trait). `ai@5` takes only its own `Schema` objects (marked with its schema and validator
 * symbols); `toAISDKSchema` builds one. The AI SDK is typed structurally here: it is not a
 * dependency of schemavet.
 */
import { applyThenValidate, newJSONSchema } from '../api.ts'
import type { JSONSchemaValidator } from '../api.ts'
import { compileForProvider } from '../providers/index.ts'
import type { ProviderOption } from '../providers/index.ts'

// The AI SDK marks its schema objects with these registered symbols (`Symbol.for`), so a copy
// made here is recognised by every copy of the SDK.
const SCHEMA_SYMBOL = Symbol.for('vercel.ai.schema')
const VALIDATOR_SYMBOL = Symbol.for('vercel.ai.validator')

/** What the AI SDK's `validate` returns: its `ValidationResult<T>`. */
export type AISDKValidationResult<T> = { success: true; value: T } | { success: false; error: Error }

/**
 * The AI SDK's `Schema<T>` as `toAISDKSchema` builds it without a `jsonSchema` factory: its two
 * symbol-keyed markers (typed here as a symbol index), `_type` (static only), the JSON Schema and
 * `validate`.
 */
export interface AISDKSchema<T> {
  readonly [marker: symbol]: true
  /** Static only (undefined at run time): the validated type, for the SDK's inference. */
  readonly _type: T
  /** A fresh copy of the JSON Schema at each read (the SDK and its providers may change it). */
  readonly jsonSchema: Record<string, unknown>
  /** Applies defaults, then validates: the defaulted copy, or the `ValidationError`. Synchronous. */
  readonly validate: (value: unknown) => AISDKValidationResult<T>
}

/** The AI SDK's own `jsonSchema(schema, { validate })` function, as `toAISDKSchema` calls it. */
export type AISDKJsonSchemaFactory<T, R> = (
  schema: any,
  options: { validate: (value: unknown) => AISDKValidationResult<T> },
) => R

/** Options of `toAISDKSchema`. */
export interface ToAISDKSchemaOptions {
  /**
   * The JSON Schema dialect handed to the SDK (and from it to the model provider). Default
   * `'draft-07'`, the dialect `ai@5` types its schemas with (and `ai@6`+ asks Standard Schemas
   * for); `'draft-2020-12'` hands the schema as written.
   */
  target?: 'draft-07' | 'draft-2020-12'
  /**
   * Hand the SDK the schema as this model provider accepts it (`schemavet/providers`), and
   * decode what the model returns back to the original shape before defaulting and validating.
   * `target` then does not apply: the provider schema is what is sent.
   */
  provider?: ProviderOption
}

/** A schemavet schema (it carries its types), or a raw JSON Schema document. */
export type AISDKSchemaSource<I, O> = JSONSchemaValidator<unknown, I, O> | Readonly<Record<string, unknown>> | boolean

const compiled = new WeakMap<object, JSONSchemaValidator>()
const booleans = new Map<boolean, JSONSchemaValidator>()
// Raw documents: every problem (bounded), as the other integrations compile them.
const COMPILE_OPTIONS = Object.freeze({ allErrors: true, maxErrors: 20 })

function toValidator(source: AISDKSchemaSource<unknown, unknown>): JSONSchemaValidator {
  if (typeof source === 'boolean') {
    let v = booleans.get(source)
    if (v === undefined) booleans.set(source, (v = newJSONSchema(source, COMPILE_OPTIONS)))
    return v
  }
  if (isSchemavet(source)) return source
  let v = compiled.get(source)
  if (v === undefined) compiled.set(source, (v = newJSONSchema(source, COMPILE_OPTIONS)))
  return v
}

function isSchemavet(value: object): value is JSONSchemaValidator {
  const standard = (value as { '~standard'?: { vendor?: unknown } })['~standard']
  return typeof (value as JSONSchemaValidator).validator === 'function' && standard?.vendor === 'schemavet'
}

/**
 * An AI SDK `Schema` for `ai@5` (`generateObject`, `streamObject`, `tool({ inputSchema })`,
 * `Output.object`...): the JSON Schema for the model, and a `validate` that applies defaults,
 * then validates, so the SDK hands on the defaulted copy (never the model's object).
 *
 * Takes a schemavet schema or a raw JSON Schema document (compiled on first use with every
 * problem collected, cached per object). Without `jsonSchema`, returns the object `ai@5`'s
 * `jsonSchema()` would build; its static type is `AISDKSchema<T>`, which TypeScript does not
 * relate to the SDK's own `Schema<T>` (that needs the SDK's symbol types). Pass the SDK's
 * `jsonSchema` function (`import { jsonSchema } from 'ai'`) to have the SDK build it, typed as
 * the SDK's `Schema<T>`: `toAISDKSchema(schema, { jsonSchema })`.
 *
 * The JSON Schema is converted to `target` here, once, so a schema the target cannot express
 * fails now rather than inside a model call. Allocates a copy per read of `jsonSchema` (no
 * factory) or one copy (the SDK's `jsonSchema` keeps it).
 * @throws SchemaError for a raw document that is not a valid JSON Schema; Error when the schema
 *   cannot be expressed in `target`
 */
export function toAISDKSchema<I, O>(schema: AISDKSchemaSource<I, O>, options?: ToAISDKSchemaOptions): AISDKSchema<O>
export function toAISDKSchema<I, O, R>(schema: AISDKSchemaSource<I, O>, options: ToAISDKSchemaOptions & { jsonSchema: AISDKJsonSchemaFactory<O, R> }): R
export function toAISDKSchema(
  schema: AISDKSchemaSource<unknown, unknown>,
  options: ToAISDKSchemaOptions & { jsonSchema?: AISDKJsonSchemaFactory<unknown, unknown> } = {},
): unknown {
  const validator = toValidator(schema)
  const target = options.target ?? 'draft-07'
  const converted = options.provider === undefined ? undefined : compileForProvider(validator, { provider: options.provider })
  const read = () => (converted !== undefined ? converted.schema : validator['~standard'].jsonSchema.input({ target }))
  const first = read()
  const validate = (value: unknown): AISDKValidationResult<unknown> => {
    if (converted !== undefined) return converted.decode(value)
    const result = applyThenValidate(value, validator)
    return result.error === undefined ? { success: true, value: result.value } : { success: false, error: result.error }
  }
  if (options.jsonSchema !== undefined) return options.jsonSchema(first, { validate })
  let fresh: Record<string, unknown> | undefined = first
  return Object.freeze({
    [SCHEMA_SYMBOL]: true,
    [VALIDATOR_SYMBOL]: true,
    _type: undefined,
    get jsonSchema() {
      // The first read gets the copy made above; every later read a new one.
      const out = fresh ?? read()
      fresh = undefined
      return out
    },
    validate,
  })
}
