/**
 * Helpers shared by the converters: the error for what a target cannot express, and small
 * object and pointer utilities.
 */
import { formatPointer, isObject } from '../core/index.ts'

/** Pointer tokens (property names unescaped, indices as numbers). */
export type Tokens = (string | number)[]

/**
 * Throws the error of a conversion the target cannot express: names the target, what it lacks,
 * and where in the schema (`#/properties/a/unevaluatedProperties`).
 */
export function cannotExpress(target: string, what: string, at: readonly (string | number)[]): never {
  throw new Error(
    `schemavet: JSON Schema target "${target}" cannot express ${what} (at #${formatPointer(at)}); ` +
      'ask for "draft-2020-12", or leave the construct out of schemas handed to this consumer',
  )
}

/** A subschema every value passes (`true`, `{}`): keywords holding one constrain nothing. */
export function isTrivial(schema: unknown): boolean {
  return schema === true || (isObject(schema) && Object.keys(schema).length === 0)
}

/** Assigns an own property, `__proto__` included, without touching any prototype. */
export function setKey(target: Record<string, unknown>, key: string | number, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
  else target[key] = value
}

/** Annotations: ignoring them (where a target ignores `$ref` siblings) loses nothing a validator checks. */
export const ANNOTATIONS: ReadonlySet<string> = new Set([
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'example',
  'readOnly',
  'writeOnly',
  'deprecated',
])
