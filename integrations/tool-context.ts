/**
 * Harness tool context: the values a harness hands a tool besides its input (credentials scope,
 * a workspace, a user), checked against the tool's `contextSchema` before the tool runs.
 */
import { parseWithDefaults } from './parse-with-defaults.ts'
import type { SchemaInput } from './parse-with-defaults.ts'

/** Options of `validateToolContext`. */
export interface ValidateToolContextOptions {
  toolName: string
  /** The context as the harness provides it. */
  context: unknown
  /** The tool's schema for it; without one the context passes unchanged. */
  contextSchema?: SchemaInput
}

/**
 * Defaults and validates a tool's context. Returns the defaulted copy (or `context` itself when
 * the tool has no schema); `context` is never mutated.
 * @throws InvalidArgumentError for field `context` with `entityName` the tool (`cause`: the `ValidationError`)
 */
export function validateToolContext<T = unknown>(args: ValidateToolContextOptions): T {
  if (args.contextSchema === undefined) return args.context as T
  const r = parseWithDefaults<T>(args.contextSchema, args.context, { field: 'context', entityName: args.toolName })
  if (!r.success) throw r.error
  return r.value as T
}
