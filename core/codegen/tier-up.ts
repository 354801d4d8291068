/**
 * Tier-up: a compile's boolean pass moves to generated code when the validator asks (after a
 * schema has been used `codegenThreshold` times, so schemas met once never pay to generate).
 * The kernel hands this factory to its validators (`GeneratedTier`); the interpreter sees only
 * the check it returns (`GeneratedCheck`, in `core/evaluator/accelerator.ts`).
 */
import type { GeneratedCheck } from '../evaluator/accelerator.ts'
import type { Compilation } from '../compiler/compile.ts'
import { Driver } from '../evaluator/driver.ts'
import { SPLIT_DEPTH } from '../evaluator/pass.ts'
import { Run } from '../evaluator/run.ts'
import { generateModule, moduleSource } from './module.ts'
import type { ModuleSource } from './module.ts'
import type { Run as RunType } from '../evaluator/run.ts'
import { codegenAllowed } from './source.ts'

/** Builds a compile's generated check; null when the compile stays with the interpreter. */
export type GeneratedTier = (compilation: Compilation) => GeneratedCheck | null

/** The compile's generated check, or null when the interpreter keeps it. */
export function tierUp(compilation: Compilation): GeneratedCheck | null {
  // A compile with an in-place cycle keeps the interpreter: it evaluates exhaustively wherever
  // the cycle is reachable, which is what makes the cycle an error on every call.
  if (!compilation.options.codegen || !codegenAllowed() || compilation.hasCycles) return null
  const root = compilation.root
  const makeRun = runMaker(compilation)
  // Generated code is only ever faster: a schema too large for the engine to take as one function
  // (a RangeError from the parser, say) stays with the interpreter.
  try {
    return generateModule(root, makeRun) ?? null
  } catch {
    return null
  }
}

/** Keywords without an `emit` run through their `validate`, on a boolean-pass run of their own. */
function runMaker(compilation: Compilation): () => RunType {
  return () => {
    const driver = new Driver((r, a) => compilation.dynamicHandle(r, a))
    const task = { node: compilation.root, instance: undefined, pointer: '', depth: 0, scope: [], scopeKey: '' }
    return new Run({ collecting: false, allErrors: false, maxErrors: 1 }, driver, task, SPLIT_DEPTH)
  }
}

/**
 * A compile's boolean pass as source text for a module written ahead of time (`moduleSource`),
 * with the run maker its `generalRun()` calls; or the reason the interpreter keeps the compile,
 * as `tierUp` decides (code generation itself is not asked for: the text is not instantiated here).
 */
export function generatedSource(compilation: Compilation, inlineCheckers = true): { source: ModuleSource; makeRun: () => RunType } | { reason: string } {
  if (!compilation.options.codegen) return { reason: 'codegen: false' }
  if (compilation.hasCycles) return { reason: 'an in-place $ref cycle (reported on every call by the interpreter)' }
  const source = moduleSource(compilation.root, inlineCheckers)
  if (source === undefined) return { reason: 'dynamic scope, unevaluated*, annotations or limits' }
  return { source, makeRun: runMaker(compilation) }
}
