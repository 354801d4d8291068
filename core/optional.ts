/**
 * Parts of the standard kernel that live behind entries of their own, so that a bundle carries
 * them only when its user imports them: the entry registers its part here when it loads
 * (`schemavet/struct`). Module state on purpose: the entries share this module with the main
 * entry, and a registration is the same for every kernel.
 */
import type { StructDeriver } from './contract/types.ts'

let structs: StructDeriver | undefined

/** Called by the `schemavet/struct` entry when it loads. */
export function provideStructDeriver(deriver: StructDeriver): void {
  structs = deriver
}

/** The registered struct deriver, if an entry registered one. */
export function providedStructDeriver(): StructDeriver | undefined {
  return structs
}
