/**
 * Schema-aligned repair of model output: `parseModelOutput` and its record and option types.
 * Built on the public API and the compiled graph's view only.
 */
export { parseModelOutput } from './parse-model-output.ts'
export type { ParseModelOutputFailure, ParseModelOutputOptions, ParseModelOutputResult, ParseModelOutputSuccess } from './parse-model-output.ts'
export { REPAIR_KINDS } from './kinds.ts'
export type { RepairKind, RepairRecord, RepairSetting } from './kinds.ts'
