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
  /** A split-off part: where its answer goes (see `MemoEntry`). */
  entry?: MemoEntry | undefined
  /**
   * A split-off part: the values on its path from depth `pathFrom` to just above it, to put back
   * on the driver's path before it runs (the parts of one round run after the round, whose walk
   * moved on meanwhile); the path above `pathFrom` is the previous part's.
   */
  path?: unknown[] | undefined
  pathFrom?: number
  /**
   * The first part the previous round of this task split off: on a retry, the round reaches it
   * before any part it has no answer for, unless the data answered a read anew (`DataChanged`).
   */
  anchor?: MemoEntry | undefined
  /** The split depth the anchor was met at (another one meets other parts: no anchor then). */
  anchorLimit?: number
}

/** A split-off part's answer (pending until its task has run), remembered for the retry. */
export interface MemoEntry {
  scopeKey: string
  ok: boolean
  errors: ValidationIssue[]
  /** Its task has not run yet: the round goes on with `ok` (true) and is retried after it. */
  pending: boolean
}

/**
 * A retry of a task met a deep part it had no answer for before the first part its previous round
 * split off: evaluation is deterministic, so a read of the data answered differently the second
 * time (a getter or Proxy that makes a new object on each read). Deep data is read once per round,
 * so such data could not be checked in any number of rounds: the call ends with an `exception`.
 */
export class DataChanged extends Error {
  constructor() {
    super('the data answered a second read differently (a getter or Proxy returned a new object): data nested more than a few hundred levels deep is read more than once and must answer each read the same')
  }
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
