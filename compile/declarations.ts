/**
 * A compiled module's declarations: its exports, typed with the schema's `Data` / `Input` /
 * `Output` types (the declarations of `typeBody`). Self-contained, so a `--standalone` module's
 * declarations import nothing either.
 */
import type { SchemaOptions } from '../api.ts'

/**
 * The declarations of the schema's types: `Data`, `Input`, `Output` and one per named `$defs`
 * entry. Until the type generator is wired in, every type is `unknown` (honest: it claims nothing).
 */
export function typeBody(_schema: unknown, _options: SchemaOptions): string {
  return ['/** A valid document (defaults not applied). */', 'export type Data = unknown', '/** What `applyDefaults` takes. */', 'export type Input = unknown', '/** What `applyDefaults` returns. */', 'export type Output = unknown', ''].join('\n')
}

/** The exports every module has, typed with `Data`, `Input` and `Output`. */
const EXPORTS = `/** One problem found in the data (the runtime's \`ValidationIssue\`). */
export interface ValidationIssue {
  keyword: string
  instancePath: string
  schemaPath: string
  params: Record<string, unknown>
  message: string
}

/** True when \`data\` conforms: the runtime's \`isValid\`. */
export declare function isValid(data: unknown): data is Data
/** \`null\` when \`data\` conforms, else every problem (the runtime's \`ValidationError.errors\`). Never throws for bad data. */
export declare function validate(data: unknown): { errors: ValidationIssue[] } | null
/** A copy of \`data\` with missing fields filled from the schema's \`default\`s; \`data\` is never mutated. */
export declare function applyDefaults(data: Input): Output
export declare function applyDefaults(data: unknown): unknown
/** The schema the module was compiled from. */
export declare const schema: unknown

interface StandardResult<T> {
  readonly value?: T
  readonly issues?: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> }>
}
/** Standard Schema V1: \`validate\` applies the defaults, then validates (\`value\` is the defaulted copy). */
export declare const standardSchema: {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>
    readonly types?: { readonly input: Input; readonly output: Output }
  }
}
export default standardSchema
`

export function moduleDeclarations(schema: unknown, options: SchemaOptions, _format: 'esm' | 'cjs'): string {
  return `// Written by \`schemavet compile\`: regenerate it rather than editing it.\n${typeBody(schema, options)}\n${EXPORTS}`
}
