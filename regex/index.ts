/**
 * Regular-expression engines and the super-linear pattern check, handed to a kernel through
 * `KernelSetup.regexEngines` / `KernelSetup.superLinear` (core imports no engine).
 *
 * The linear engine (re2js, about 150 KB) is not imported here: the `schemavet/linear-regex`
 * entry registers it, so a bundle that never uses `regex: 'linear'` or untrusted mode does not
 * carry it.
 */
import type { RegexEngine, RegexEngineName } from '../core/index.ts'

export { superLinearReason } from './analyze.ts'

const engines: Partial<Record<RegexEngineName, RegexEngine>> = {}

/**
 * The engines of the standard kernel, a live table: `linear` once `schemavet/linear-regex` is
 * imported. `ecmascript` is the platform `RegExp` with the `u` flag, which core supplies itself.
 * Kernels read it at compile time, so a registration reaches kernels built before it.
 */
export const regexEngines: Readonly<Partial<Record<RegexEngineName, RegexEngine>>> = engines

/** Registers `engine` under `name` in {@link regexEngines}; called by `schemavet/linear-regex`. */
export function provideRegexEngine(name: RegexEngineName, engine: RegexEngine): void {
  engines[name] = engine
}
