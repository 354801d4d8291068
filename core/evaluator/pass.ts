/**
 * What one evaluation pass is given and what may stop it: settings, tasks (a node or one step of
 * it at an instance path), and the aborts a pass throws (a reference cycle, a deep split, enough
 * issues collected). Data only; `run.ts` evaluates, `driver.ts` drives.
 */
import type { ValidationIssue } from '../contract/errors.ts'
import type { GeneratedCheck } from './accelerator.ts'
import type { Node, Step } from './node.ts'
import type { Resource } from '../documents/schema-index.ts'

/** Default levels of child application evaluated on one JavaScript stack before splitting. */
export const SPLIT_DEPTH = 384

/** A reference re-entered on the same instance location: aborts the whole call. */
export class CycleAbort {
  constructor(
    readonly keyword: string,
    readonly path: string[],
    readonly instancePath: string,
  ) {}
  issue(): ValidationIssue {
    return {
      keyword: this.keyword,
      instancePath: this.instancePath,
      schemaPath: this.path[this.path.length - 1]!,
      params: { cycle: this.path },
      // Said so that a reader (or a model) does not try to fix the value: the schema is at fault.
      message: `circular reference: the schema's ${this.keyword} cycle ${this.path.join(' -> ')} never consumes input, so no value can be checked (a schema error, not fixable in the value)`,
    }
  }
}

/** `maxErrors` reached: stop collecting. */
export class StopCollecting {}

/** A (node, value) evaluation on a fresh stack: the root, or deep data split off. */
export interface Task {
  node: Node
  instance: unknown
  /** JSON Pointer of the instance (maintained on the collecting pass only). */
  pointer: string
  /** The last characters of `pointer` (`PATH_END`), when the task's maker knew them without reading it. */
  pointerEnd?: string | undefined
  depth: number
  scope: Resource[]
  scopeKey: string
  /** Evaluate only this step of `node` (explaining a failure the generated pass found there). */
  step?: Step | undefined
}

/** Thrown past the split depth: the driver evaluates the task on its own stack, then retries. */
export class DeepSplit {
  constructor(readonly task: Task) {}
}

/** A split task's answer, remembered for the retry. */
export interface MemoEntry {
  scopeKey: string
  ok: boolean
  errors: ValidationIssue[]
}

/** Settings of one pass. */
export interface PassSettings {
  collecting: boolean
  allErrors: boolean
  maxErrors: number
  /**
   * The compile's generated module, on a pass explaining a failure without `allErrors`: each
   * subschema is checked by the generated code first, and only a failing one is explained, from
   * the step where it failed (the same issues as interpreting it whole: see `explainFailure`).
   */
  generated?: GeneratedCheck | null
}
