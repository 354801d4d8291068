/**
 * What apply-defaults-then-validate gives back (`applyThenValidate`, `~standard`'s `validate`):
 * the defaulted copy, or the error and the value its paths point into.
 */
import type { ValidationError } from '../contract/errors.ts'

/** The defaulted copy of a value that conforms. */
export interface Applied<T> {
  value: T
  error?: undefined
}

/** Why the value was rejected. */
export interface NotApplied {
  value?: undefined
  /** Every problem found, or the `$ref` cycle that stopped `applyDefaults`. */
  error: ValidationError
  /**
   * The value `error`'s instance paths point into: the defaulted copy when validation failed,
   * the input itself when the defaults could not be applied.
   */
  checked: unknown
}

/** The outcome of `applyThenValidate`: `error` is undefined exactly when the value conforms. */
export type AppliedResult<T> = Applied<T> | NotApplied
