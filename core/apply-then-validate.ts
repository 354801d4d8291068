/**
 * Apply defaults, then validate the defaulted copy: the order every boundary that checks outside
 * input follows (`~standard`, the integrations), written once so a change to it (what a cycle
 * returns, which value is handed on) reaches every caller.
 */
import { ValidationError } from './contract/errors.ts'
import type { Kernel } from './kernel.ts'
import type { AppliedResult } from './results/applied.ts'
import type { Schema } from './validator.ts'

export type { Applied, AppliedResult, NotApplied } from './results/applied.ts'

/**
 * `kernel.applyDefaults(value, schema)` then `schema.validator().validateAll(copy)` (`validate`
 * where the validator has no `validateAll`). On success
 * `value` is that copy, never the input; the input is never mutated. A `ValidationError` thrown
 * by `applyDefaults` (a `$ref` cycle that consumes no input) is returned as the failure, as
 * `validate` would report it. Allocates the copy on every call.
 * @throws whatever `applyDefaults` throws that is not a `ValidationError` (never for bad data)
 */
export function applyThenValidate<T = unknown>(kernel: Kernel, value: unknown, schema: Schema): AppliedResult<T> {
  let copy: unknown
  try {
    copy = kernel.applyDefaults(value, schema)
  } catch (e) {
    if (ValidationError.isInstance(e)) return { error: e, checked: value }
    throw e
  }
  const validator = schema.validator()
  // A model reads what a boundary reports: every problem (up to the schema's bound), not the first.
  const error = validator.validateAll !== undefined ? validator.validateAll(copy) : validator.validate(copy)
  return error === null ? { value: copy as T } : { error, checked: copy }
}
