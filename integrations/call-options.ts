/**
 * Agent call options: the per-call settings a caller passes to an agent (a user id, a plan, a
 * locale), checked against the agent's `callOptionsSchema` before the agent sees them.
 */
import { parseWithDefaults } from './parse-with-defaults.ts'
import type { SchemaInput } from './parse-with-defaults.ts'

/** Options of `validateCallOptions`. */
export interface ValidateCallOptionsOptions {
  /** The call options as given by the caller. */
  options: unknown
  /** The agent's schema for them; without one the options pass unchanged. */
  callOptionsSchema?: SchemaInput
}

/**
 * Defaults and validates agent call options. Returns the defaulted copy (or `options` itself when
 * there is no schema); `options` is never mutated.
 * @throws InvalidArgumentError for field `options` (`cause`: the `ValidationError`)
 */
export function validateCallOptions<T = unknown>(args: ValidateCallOptionsOptions): T {
  if (args.callOptionsSchema === undefined) return args.options as T
  const r = parseWithDefaults<T>(args.callOptionsSchema, args.options, { field: 'options' })
  if (!r.success) throw r.error
  return r.value as T
}
