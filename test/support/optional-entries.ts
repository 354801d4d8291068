/**
 * Registers the optional entries from source, as a user who imports them does, so the suites
 * test the whole library (IDN formats, the linear regex engine, struct derivation). Preloaded by
 * scripts/test.mjs (`node --import tsx --import ./test/support/optional-entries.ts`); for a
 * targeted run add the same `--import`. test/optional-entries.test.ts checks the library without it.
 */
import '../../idn.ts'
import '../../linear-regex.ts'
import '../../struct.ts'
