/**
 * A compiled module's declarations: its exports, typed with the schema's `Data` / `Input` /
 * `Output` types (the declarations of `typeBody`). Self-contained, so a `--standalone` module's
 * declarations import nothing either.
 */
import type { SchemaOptions } from '../api.ts'
import { schemaTypes } from './types.ts'
import type { SchemaTypesOptions } from './types.ts'

/**
 * The declarations of the schema's types: `Data`, `Input`, `Output` and one per named `$defs` /
 * `definitions` entry, with JSDoc from `description` (`compile/types.ts`).
 */
export function typeBody(schema: unknown, options: SchemaOptions): string {
  const given: SchemaTypesOptions = {}
  if (options.defaultDialect !== undefined) given.defaultDialect = options.defaultDialect
  if (options.schemas !== undefined) given.schemas = options.schemas
  return schemaTypes(schema, given)
}

/** The exports every module has, typed with `Data`, `Input` and `Output`. */
const EXPORTS = `/** One problem found in the data (the runtime's \`ValidationIssue\`). */
interface Schemavet$Issue {
  keyword: string
  instancePath: string
  schemaPath: string
  params: Record<string, unknown>
  message: string
}

/** True when \`data\` conforms: the runtime's \`isValid\`. */
export declare function isValid(data: unknown): data is Data
/** \`null\` when \`data\` conforms, else every problem (the runtime's \`ValidationError.errors\`). Never throws for bad data. */
export declare function validate(data: unknown): { errors: Schemavet$Issue[] } | null
/** A copy of \`data\` with missing fields filled from the schema's \`default\`s; \`data\` is never mutated. */
export declare function applyDefaults(data: Input): Output
/** A value typed \`unknown\` is taken too and gives \`unknown\` (nothing has checked it); any other type is an error. */
export declare function applyDefaults<V>(data: unknown extends V ? V : never): unknown
/** The schema the module was compiled from. */
export declare const schema: unknown

interface Schemavet$StandardResult<T> {
  readonly value?: T
  readonly issues?: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> }>
}
/** Standard Schema V1: \`validate\` applies the defaults, then validates (\`value\` is the defaulted copy). */
export declare const standardSchema: {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => Schemavet$StandardResult<Output> | Promise<Schemavet$StandardResult<Output>>
    readonly types?: { readonly input: Input; readonly output: Output }
  }
}
export default standardSchema
`

export function moduleDeclarations(schema: unknown, options: SchemaOptions, _format: 'esm' | 'cjs'): string {
  const body = typeBody(schema, options)
  // A definition of the schema may be named ValidationIssue: its type keeps the name.
  const issue = /^export (?:type|interface) ValidationIssue\b/m.test(body) ? '' : 'export type ValidationIssue = Schemavet$Issue\n'
  return `// Written by \`schemavet compile\`: regenerate it rather than editing it.\n${body}\n${issue}${EXPORTS}`
}
