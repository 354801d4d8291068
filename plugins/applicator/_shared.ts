import type { CompileContext, SchemaHandle } from '../../core/index.ts'

/** Compiles an array of subschemas (`allOf`, `anyOf`, `oneOf`, `prefixItems`); fails unless a non-empty array. */
export function compileSchemaArray(value: unknown, ctx: CompileContext): SchemaHandle[] {
  if (!Array.isArray(value) || value.length === 0) ctx.fail(`${ctx.keyword} must be a non-empty array of schemas`)
  return value.map((_, i) => ctx.subschema(i))
}

/** Compiles a map of name to subschema (`properties`, `patternProperties`, `dependentSchemas`). */
export function compileSchemaMap(value: unknown, ctx: CompileContext): [string, SchemaHandle][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) ctx.fail(`${ctx.keyword} must be an object of schemas`)
  return Object.keys(value).map((k) => [k, ctx.subschema(k)])
}

/** Compiles a `pattern`-like string as an ECMAScript regex with the `u` flag. */
export function compilePattern(source: unknown, ctx: CompileContext, ...segments: (string | number)[]): RegExp {
  if (typeof source !== 'string') ctx.fail('a pattern must be a string', ...segments)
  try {
    return new RegExp(source, 'u')
  } catch (e) {
    return ctx.fail(`invalid regular expression: ${(e as Error).message}`, ...segments)
  }
}
