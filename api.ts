/**
 * The seed interface on the default kernel, and `createKernel`. Integrations and the CLI import
 * from here (the public API), so the package entry can re-export them without an import cycle.
 *
 * The top-level functions use a built-in default kernel (every standard keyword and format),
 * frozen from the start. Custom keywords and formats need `createKernel`.
 */
import { Kernel } from './core/index.ts'
import type { KernelOptions, KernelSetup, Schema, SchemaOptions } from './core/index.ts'
import { metaSchemas } from './metaschemas/index.ts'
import { dialect07, dialect2019, dialect2020, formatCheckers, standardKeywords } from './plugins/index.ts'

export {
  JSONSchemaValidator,
  Kernel,
  SchemaError,
  SimpleJSONSchema,
  StructValidator,
  ValidationError,
  defineKeyword,
} from './core/index.ts'
export type * from './core/index.ts'

const setup: KernelSetup = {
  dialects: [dialect2020, dialect2019, dialect07],
  presets: standardKeywords,
  formats: formatCheckers,
  registry: metaSchemas,
}

/**
 * A kernel with the standard presets plus `options.plugins`. Options are defaults for every
 * schema it builds; a constructor's options override them.
 */
export function createKernel(options: KernelOptions = {}): Kernel {
  return new Kernel(setup, options)
}

const defaultKernel = new Kernel(
  setup,
  {},
  'schemavet: the default kernel behind newJSONSchema() is frozen and takes no plugins; use createKernel({ plugins }) for custom keywords and formats.',
)
// Frozen from the start: the top-level functions are no global registry.
defaultKernel.compile(true)

/** Compiles a JSON Schema with the default kernel. @throws SchemaError for a malformed schema */
export function newJSONSchema(schema: unknown, options?: SchemaOptions) {
  return defaultKernel.newJSONSchema(schema, options)
}

/** Same as `newJSONSchema`: the plain `Schema` handed to consumers. @throws SchemaError */
export function newSimpleJSONSchema(schema: unknown, options?: SchemaOptions) {
  return defaultKernel.newSimpleJSONSchema(schema, options)
}

/**
 * A copy of `value` with missing fields filled from the schema's `default`s; `value` and the
 * schema are never mutated. @throws ValidationError for a `$ref` cycle that consumes no input
 */
export function applyDefaults(value: unknown, schema: Schema): unknown {
  return defaultKernel.applyDefaults(value, schema)
}
