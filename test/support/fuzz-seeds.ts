/**
 * Seeds of the fuzz suite. `npm test` runs every property with `FIXED_SEED`, so CI is
 * deterministic; `npm run fuzz` draws a fresh seed each run (printed for replay). A failure it
 * finds becomes a regression case here: the property, the seed and the `path` fast-check prints
 * ("Counterexample ... seed: S, path: P"), which replays exactly that case on every `npm test`.
 */

/** The seed `npm test` uses for every property. */
export const FIXED_SEED = 20_261_125

/** The fuzz properties, by the key a regression names. */
export type FuzzProperty = 'oracles' | 'hostile' | 'hostile-values' | 'frozen' | 'tool'

/** A case `npm run fuzz` once found: replayed by every `npm test`. */
export interface Regression {
  property: FuzzProperty
  seed: number
  path: string
  /** What it found, and the fix. */
  note: string
}

export const REGRESSIONS: Regression[] = []
