/**
 * Issue words of the applicator vocabulary that a compiled module's failure code names
 * (`schemavet/runtime`), in a module of their own (no keyword machinery).
 */
import { excerpt } from '../../core/contract/words.ts'

/** The message of a property `additionalProperties: false` forbids: the property's name is what was received. */
export function additionalText(key: string): string {
  return `must not have property ${excerpt(key, 200)} (no additional properties are allowed; remove it)`
}
