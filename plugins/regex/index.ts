/**
 * Regular-expression engines and the super-linear pattern check, handed to a kernel through
 * `KernelSetup.regexEngines` / `KernelSetup.superLinear` (core imports no engine).
 */
import type { RegexEngine, RegexEngineName } from '../../core/index.ts'
import { linearEngine } from './linear.ts'

export { superLinearReason } from './analyze.ts'
export { MAX_PATTERN_SIZE, MAX_REPEAT, linearEngine, toRE2 } from './linear.ts'

/**
 * The engines of the standard kernel: `linear` (re2js, linear time). `ecmascript` is the
 * platform `RegExp` with the `u` flag, which core supplies itself.
 */
export const regexEngines: Readonly<Partial<Record<RegexEngineName, RegexEngine>>> = Object.freeze({ linear: linearEngine })
