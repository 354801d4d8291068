/**
 * The generated tier: a compile's boolean pass as one generated module, entered through
 * `tierUp` (the `GeneratedTier` the kernel injects into its validators).
 */
export { generatedSource, tierUp } from './tier-up.ts'
export { FailureRecord } from './node-writer.ts'
export type { ModuleSource } from './module.ts'
export type { GeneratedTier } from './tier-up.ts'
export type { EmitBlock, EmitContext } from '../contract/emit.ts'
