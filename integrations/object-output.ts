/**
 * Output modes of structured generation, shared by `generateObject` and `streamObject`: what the
 * model is asked for (`responseFormat`), and how its parsed JSON becomes the caller's value.
 *
 * - `object`: the schema itself; the value is the defaulted object.
 * - `array`: the model returns `{ "elements": [...] }`; each element is defaulted and validated
 *   against the schema, and the value is the array.
 * - `enum`: the model returns `{ "result": "<one of enum>" }`; the value is the string.
 * - `no-schema`: any JSON value, unchecked.
 */
import { ValidationError, newJSONSchema } from '../api.ts'
import type { Schema, ValidationIssue } from '../api.ts'
import { compileForProvider, providerProfile } from '../providers/index.ts'
import type { ProviderOption, ProviderSchema } from '../providers/index.ts'
import { dialectOf, rebaseLocalRefs } from '../convert/document.ts'
import { InvalidArgumentError } from './errors.ts'
import type { JsonResponseFormat } from './language-model.ts'
import { COMPILE_OPTIONS, jsonSchemaOf, parseWithDefaults, toSchema } from './parse-with-defaults.ts'
import type { SchemaInput } from './parse-with-defaults.ts'

/** What the model is asked for and what the caller gets (see the module comment). */
export type OutputMode = 'object' | 'array' | 'enum' | 'no-schema'

/** The output options of `generateObject` / `streamObject`. */
export interface OutputOptions {
  /** Default `object`; `enum` when `enum` is given and `schema` is not. */
  output?: OutputMode
  /** The schema of the object (`object`) or of each element (`array`). */
  schema?: SchemaInput
  /** The allowed strings (`enum`). */
  enum?: readonly string[]
  /** Name of the output, passed to providers that use it as guidance. */
  schemaName?: string
  /** Description of the output, passed to providers that use it as guidance. */
  schemaDescription?: string
  /**
   * Send the schema as this model provider accepts it (`schemavet/providers`: `openai`,
   * `gemini`, `gemini-openapi`, `anthropic`, `minimal` or a profile of your own) and decode the
   * answer back to the schema's shape before defaulting and validating it. `'infer'` picks the
   * profile from the model's provider id (`openai.*`, `google.*`, `anthropic.*`) and sends the
   * schema as written for any other. Default: the schema as written.
   */
  provider?: ProviderOption | 'infer'
}

/** The profile for a model's provider id (`openai.chat`, `google.generative-ai`, `anthropic.messages`), if one fits. */
export function inferProvider(modelProvider: string | undefined): ProviderOption | undefined {
  if (typeof modelProvider !== 'string') return undefined
  const family = modelProvider.split('.')[0]!.toLowerCase()
  if (family === 'openai' || family === 'azure') return 'openai'
  if (family === 'google' || family === 'vertex') return 'gemini'
  if (family === 'anthropic') return 'anthropic'
  return undefined
}

function providerSchemaFor(schema: unknown, options: OutputOptions, modelProvider: string | undefined): ProviderSchema | undefined {
  const chosen = options.provider === 'infer' ? inferProvider(modelProvider) : options.provider
  if (chosen === undefined) return undefined
  try {
    providerProfile(chosen)
  } catch (e) {
    throw new InvalidArgumentError({ parameter: 'provider', value: chosen, message: (e as Error).message })
  }
  return compileForProvider(schema, { provider: chosen })
}

/** A value for the caller, or the problems with `subject` (the value their instance paths point into). */
export type Outcome = { success: true; value: unknown } | { success: false; error: ValidationError; subject: unknown }

/** How one output mode asks and checks. */
export interface OutputStrategy {
  readonly mode: OutputMode
  /** Sent to the model; a fresh copy of the caller's schema (providers may rewrite it). */
  readonly responseFormat: JsonResponseFormat
  /**
   * What the streamed JSON is checked against while it arrives (a compiled `Schema`, whose graph
   * and kernel the early checks read, or a document); undefined for no checks.
   */
  readonly streamSchema: unknown
  /** What `parseModelOutput` repairs a response against (the whole response, wrapper included). */
  readonly repairSchema: Schema | boolean | Readonly<Record<string, unknown>>
  /** The caller's value from the parsed response: defaulted and validated. */
  finish(json: unknown): Outcome
  /** A partial parsed response as the caller sees it (a provider shape mapped back); undefined to skip it. */
  partial?(json: unknown): unknown
  /** `array`: one completed element, defaulted and validated (issue paths start at its index). */
  element(value: unknown, index: number): Outcome
}

const ELEMENTS_SHAPE = Object.freeze({ type: 'object', properties: { elements: { type: 'array' } }, required: ['elements'] })

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

function format(schema: unknown, options: OutputOptions): JsonResponseFormat {
  const f: JsonResponseFormat = { type: 'json', schema }
  if (options.schemaName !== undefined) f.name = options.schemaName
  if (options.schemaDescription !== undefined) f.description = options.schemaDescription
  return f
}

function shift(error: ValidationError, index: number): ValidationIssue[] {
  return error.errors.map((i) => ({ ...i, instancePath: `/${index}${i.instancePath}` }))
}

/**
 * The strategy for `options`. Compiles a raw schema now, so a malformed one fails before the
 * model is called.
 * @throws InvalidArgumentError for a missing or unexpected `schema` / `enum`, or an unknown mode
 * @throws SchemaError for a malformed schema
 */
export function outputStrategy(options: OutputOptions, modelProvider?: string): OutputStrategy {
  const mode = options.output ?? (options.enum !== undefined && options.schema === undefined ? 'enum' : 'object')
  switch (mode) {
    case 'object':
    case 'array': {
      const schema = options.schema
      if (schema === undefined) throw new InvalidArgumentError({ parameter: 'schema', value: schema, message: `output "${mode}" needs a schema` })
      toSchema(schema)
      if (mode === 'object') {
        const p = providerSchemaFor(toSchema(schema), options, modelProvider)
        return p === undefined ? objectStrategy(schema, options) : providerStrategy(p, options)
      }
      if (options.provider !== undefined && options.provider !== 'infer') {
        // elements stream one by one in the original shape; a provider shape would change them
        throw new InvalidArgumentError({ parameter: 'provider', value: options.provider, message: 'provider takes output "object": pass the array schema itself as the schema (it is wrapped as the provider needs)' })
      }
      return arrayStrategy(schema, options)
    }
    case 'enum':
      return enumStrategy(options)
    case 'no-schema':
      if (options.schema !== undefined) throw new InvalidArgumentError({ parameter: 'schema', value: options.schema, message: 'output "no-schema" takes no schema' })
      return {
        mode,
        responseFormat: format(undefined, options),
        streamSchema: undefined,
        repairSchema: true,
        finish: (json) => ({ success: true, value: json }),
        element: (value) => ({ success: true, value }),
      }
    default:
      throw new InvalidArgumentError({ parameter: 'output', value: mode, message: `unknown output mode ${JSON.stringify(mode)} (object, array, enum or no-schema)` })
  }
}

function objectStrategy(schema: SchemaInput, options: OutputOptions): OutputStrategy {
  const doc = jsonSchemaOf(schema)
  return {
    mode: 'object',
    responseFormat: format(structuredClone(doc), options),
    // The caller's compiled schema: its own kernel's keywords and registry, compiled once.
    streamSchema: toSchema(schema),
    repairSchema: toSchema(schema),
    finish(json) {
      const r = parseWithDefaults(schema, json, { field: 'object' })
      return r.success ? r : { success: false, error: r.validationError, subject: json }
    },
    element: (value) => ({ success: true, value }),
  }
}

/** The schema as the provider takes it; its answers decoded, defaulted and validated on the original paths. */
function providerStrategy(p: ProviderSchema, options: OutputOptions): OutputStrategy {
  const sent = p.schema
  return {
    mode: 'object',
    responseFormat: format(sent, options),
    streamSchema: sent,
    // the response arrives in the provider's shape: repair reads it as such, decode maps it back
    repairSchema: sent,
    finish(json) {
      const r = p.decode(json)
      return r.success ? r : { success: false, error: r.error, subject: undefined }
    },
    partial: (json) => p.reshape(json),
    element: (value) => ({ success: true, value }),
  }
}

function arrayStrategy(schema: SchemaInput, options: OutputOptions): OutputStrategy {
  const doc = structuredClone(jsonSchemaOf(schema))
  let items: unknown = doc
  let dialect: unknown
  if (isObject(doc)) {
    const { $schema, ...rest } = doc
    dialect = $schema
    // Without its own $id the element schema's `#...` references now resolve against the wrapper.
    items = typeof rest.$id === 'string' ? rest : rebaseLocalRefs(rest, '#/properties/elements/items', dialectOf($schema))
  }
  const wrapper: Record<string, unknown> = {
    ...(dialect === undefined ? {} : { $schema: dialect }),
    type: 'object',
    properties: { elements: { type: 'array', items } },
    required: ['elements'],
    additionalProperties: false,
  }
  const element = (value: unknown, index: number): Outcome => {
    const r = parseWithDefaults(schema, value, { field: `object[${index}]` })
    return r.success ? r : { success: false, error: new ValidationError(shift(r.validationError, index)), subject: undefined }
  }
  return {
    mode: 'array',
    responseFormat: format(wrapper, options),
    streamSchema: wrapper,
    repairSchema: wrapper,
    finish(json) {
      const shape = toSchema(ELEMENTS_SHAPE).validator().validate(json)
      if (shape !== null) return { success: false, error: shape, subject: json }
      const out: unknown[] = []
      const issues: ValidationIssue[] = []
      ;(json as { elements: unknown[] }).elements.forEach((e, i) => {
        const r = element(e, i)
        if (r.success) out.push(r.value)
        else issues.push(...r.error.errors)
      })
      const elements = (json as { elements: unknown[] }).elements
      if (issues.length > 0) return { success: false, error: new ValidationError(issues.slice(0, COMPILE_OPTIONS.maxErrors)), subject: elements }
      return { success: true, value: out }
    },
    element,
  }
}

function enumStrategy(options: OutputOptions): OutputStrategy {
  const values = options.enum
  if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string')) {
    throw new InvalidArgumentError({ parameter: 'enum', value: values, message: 'output "enum" needs enum: a non-empty array of strings' })
  }
  if (options.schema !== undefined) throw new InvalidArgumentError({ parameter: 'schema', value: options.schema, message: 'output "enum" takes enum, not a schema' })
  const wrapper = { type: 'object', properties: { result: { type: 'string', enum: [...values] } }, required: ['result'], additionalProperties: false }
  const compiled = newJSONSchema(wrapper, COMPILE_OPTIONS)
  return {
    mode: 'enum',
    responseFormat: format(structuredClone(wrapper), options),
    streamSchema: wrapper,
    repairSchema: compiled,
    finish(json) {
      const error = compiled.validate(json)
      return error === null ? { success: true, value: (json as { result: string }).result } : { success: false, error, subject: json }
    },
    element: (value) => ({ success: true, value }),
  }
}

