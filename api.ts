/**
 * The seed interface on the default kernel, and `createKernel`. Integrations and the CLI import
 * from here (the public API), so the package entry can re-export them without an import cycle.
 *
 * The top-level functions use a built-in default kernel (every standard keyword and format),
 * frozen from the start. Custom keywords and formats need `createKernel`.
 */
import { Kernel, applyThenValidate as applyThenValidateWith } from './core/index.ts'
import type { AppliedResult } from './core/index.ts'
import type { JSONSchemaValidator, KernelOptions, KernelSetup, Schema, SchemaOptions, SimpleJSONSchema } from './core/index.ts'
import type { Chosen, DefaultsInput, DefaultsOutput, FromSchema, Inferred, OutputOf } from './core/infer.ts'
import { metaSchemas } from './metaschemas/index.ts'
import { dialect04, dialect06, dialect07, dialect2019, dialect2020, dialectOpenApi30, dialectOpenApi31, formatCheckers, standardKeywords } from './plugins/index.ts'
import { regexEngines, superLinearReason } from './regex/index.ts'
import { provideStructDeriver, providedStructDeriver } from './core/optional.ts'
import { SchemaError } from './core/index.ts'
import { convertSchema } from './convert/index.ts'
import type { StructDeriver, StructOptions, StructType } from './core/index.ts'

export {
  JSONSchemaValidator,
  Kernel,
  SchemaError,
  SimpleJSONSchema,
  StructValidator,
  UNTRUSTED_LIMITS,
  ValidationError,
  appendPointer,
  article,
  count,
  defineKeyword,
  escapePointerToken,
  excerpt,
  falseSchemaText,
  followPointer,
  formatPointer,
  got,
  joinCode,
  js,
  literal,
  parsePointer,
  stringifyJson,
  typeList,
  unescapePointerToken,
  valueList,
} from './core/index.ts'
export type * from './core/index.ts'
export type { DefaultsInput, DefaultsOutput, InputOf, OutputOf } from './core/infer.ts'

/**
 * What a schema argument of the integrations (`parseModelOutput`, `parseWithDefaults`,
 * `compileForProvider`, `parseToolCall`, `applyThenValidate`) gives back on success, with
 * defaults applied: a schemavet schema's output type (`~standard`, so `unknown` for an untyped
 * one), or for a raw JSON Schema literal (`{ type: 'object', ... } as const`, or written inline)
 * the output type inferred from it as `newJSONSchema` would; `unknown` for anything else.
 */
export type SchemaOutput<S> = 0 extends 1 & S ? unknown : S extends Schema ? OutputOf<S> : FromSchema<S, 'output'>

/**
 * `T` when given explicitly (`parseWithDefaults<Trip>(...)`: a claim nothing checks, as a cast
 * is, for schemas whose type is known elsewhere), else `SchemaOutput<S>`.
 */
export type ChosenOutput<T, S> = [T] extends [Inferred] ? SchemaOutput<S> : T

const STRUCT_MISSING =
  "newStructSchema needs struct derivation, which is not loaded: import 'schemavet/struct' (Node.js only)"

/**
 * The struct deriver: the one `schemavet/struct` registered, else (in Node) that entry loaded at
 * call time through \`require\`, which no bundler follows, else a SchemaError naming the entry.
 */
function structDeriver(): StructDeriver {
  const provided = providedStructDeriver()
  if (provided !== undefined) return provided
  const get = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule
  // Workers with Node compatibility have getBuiltinModule but no module files to load.
  let load: ((id: string) => unknown) | undefined
  try {
    load = typeof get === 'function' ? (get('node:module') as typeof import('node:module')).createRequire(import.meta.url) : undefined
  } catch {
    load = undefined
  }
  if (load !== undefined) {
    let entry: { deriveStruct?: unknown } | undefined
    try {
      entry = load('schemavet/struct') as { deriveStruct?: unknown }
    } catch (e) {
      const code = (e as { code?: unknown }).code
      if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED' && code !== 'ERR_REQUIRE_ESM') throw e
    }
    // A bundled copy of this module does not share the entry's registry: take its function.
    if (typeof entry?.deriveStruct === 'function') {
      provideStructDeriver(entry.deriveStruct as StructDeriver)
      return entry.deriveStruct as StructDeriver
    }
  }
  throw new SchemaError([{ schemaPath: '#', message: STRUCT_MISSING }])
}

const setup: KernelSetup = {
  dialects: [dialect2020, dialect2019, dialect07, dialect06, dialect04, dialectOpenApi31, dialectOpenApi30],
  presets: standardKeywords,
  formats: formatCheckers,
  registry: metaSchemas,
  regexEngines,
  superLinear: (source, syntax) => superLinearReason(source, undefined, syntax),
  structs: (type, options) => structDeriver()(type, options),
  convert: convertSchema,
}

/**
 * A kernel with the standard presets plus `options.plugins`. Options are defaults for every
 * schema it builds; a constructor's options override them.
 */
export function createKernel(options: KernelOptions = {}): Kernel {
  return new Kernel(setup, options)
}

let standardKernel: Kernel | undefined

/**
 * The kernel behind the top-level functions, made at their first call (importing the package
 * builds nothing) and frozen from the start: the top-level functions are no global registry.
 */
function defaultKernel(): Kernel {
  if (standardKernel !== undefined) return standardKernel
  const k = new Kernel(
    setup,
    {},
    'schemavet: the default kernel behind newJSONSchema() is frozen and takes no plugins; use createKernel({ plugins }) for custom keywords and formats.',
  )
  k.compile(true)
  return (standardKernel = k)
}

/**
 * Compiles a JSON Schema with the default kernel. Statically, the data type is inferred from a
 * schema literal, or is `T` when given (`newJSONSchema<Tree>(schema)`, for recursive schemas).
 * @throws SchemaError for a malformed schema
 */
export function newJSONSchema<T = Inferred, const S = unknown>(
  schema: S,
  options?: SchemaOptions,
): JSONSchemaValidator<Chosen<T, S, 'data'>, Chosen<T, S, 'input'>, Chosen<T, S, 'output'>> {
  return defaultKernel().newJSONSchema<T, S>(schema, options)
}

/** Same as `newJSONSchema`: the plain `Schema` handed to consumers. @throws SchemaError */
export function newSimpleJSONSchema<T = Inferred, const S = unknown>(
  schema: S,
  options?: SchemaOptions,
): SimpleJSONSchema<Chosen<T, S, 'data'>, Chosen<T, S, 'input'>, Chosen<T, S, 'output'>> {
  return defaultKernel().newSimpleJSONSchema<T, S>(schema, options)
}

/**
 * Derives a draft 2020-12 schema from a TypeScript declaration (`'./types.ts#Person'` or
 * `{ file, name }`, relative to `options.basePath`, default the working directory) and compiles it
 * with the default kernel. TypeScript loads on the first call; later calls on the same file reuse
 * its program. `jsonSchema()` returns the derived schema.
 * @throws SchemaError naming the file, the type and the property JSON Schema cannot express
 */
export function newStructSchema(type: StructType, options?: StructOptions) {
  return defaultKernel().newStructSchema(type, options)
}

/**
 * A copy of `value` with missing fields filled from the schema's `default`s; `value` and the
 * schema are never mutated. Statically, a `value` of the schema's input type gives its output
 * type (properties with a `default` present). A value typed `unknown` (or `any`) is taken too
 * and gives `unknown`, since nothing has checked it: validate the copy, or use
 * `applyThenValidate`, which types its success. A value of any other type is a type error
 * (`applyDefaults({ days: 2 }, trip)` without the required `city`). A schema without a type
 * (`newJSONSchema(loose)`) takes any value and gives `unknown`.
 * @throws ValidationError for a `$ref` cycle that consumes no input
 */
export function applyDefaults<V, S extends Schema>(value: DefaultsInput<V, S>, schema: S): DefaultsOutput<V, S>
export function applyDefaults(value: unknown, schema: Schema): unknown {
  return defaultKernel().applyDefaults(value, schema)
}

/**
 * `applyDefaults(value, schema)`, then `schema.validator().validate(copy)`: the order wherever
 * outside input is checked. `{ value }` is the defaulted copy of a conforming value (never the
 * input), of the schema's output type (`SchemaOutput`); `{ error, checked }` names every problem
 * (or the `$ref` cycle that stopped the defaults) and the value its paths point into. Never
 * throws for bad data; allocates the copy.
 */
export function applyThenValidate<T = Inferred, S extends Schema = Schema>(value: unknown, schema: S): AppliedResult<ChosenOutput<T, S>> {
  return applyThenValidateWith<ChosenOutput<T, S>>(defaultKernel(), value, schema)
}
