/**
 * What a keyword's `emit` sees while the generated tier is built (see `KeywordDefinition.emit`).
 */
import type { JsonType, SchemaHandle, SchemaView } from '../types.ts'

/** Emitted code with statements: `setup` runs first, then `test` is the step's answer. */
export interface EmitBlock {
  setup?: string
  test: string
  /**
   * The step fails only when a subschema applied through `g.apply` fails, and then its issues
   * (without `allErrors`) are exactly those of that subschema: a failure is explained from there.
   */
  transparent?: boolean
  /**
   * The test runs the very function the keyword's `validate` runs (called, or inlined from its
   * source), and `validate` records no issue of its own: a failure here is explained by the
   * keyword's `error` alone, without evaluating the step again.
   */
  mirrorsValidate?: boolean
}

/** What a keyword's `emit` may use while generating code. */
export interface EmitContext {
  /** The node must evaluate every part even after a failure (a reference cycle is reachable). */
  readonly exhaustive: boolean
  /** The JSON type of `x` where this code runs (a node's code is generated per instance type). */
  readonly type: JsonType
  /** An identifier bound to `value` in the generated code. */
  constant(value: unknown): string
  /** A fresh local variable name for the expression's own use. */
  local(): string
  /**
   * A boolean expression applying a subschema to `value` (an expression; evaluate it once, it
   * may be repeated), as `ctx.apply(handle, value, segment)` does; `segment` is an expression too.
   */
  apply(handle: SchemaHandle, value: string, segment?: string): string
  /**
   * `apply` for a loop's body, run once per item: `setup` (statements) goes first in the body,
   * then `test` is the answer. `value` is evaluated once, in `setup`. The generated module may
   * write the subschema's own code there instead of a call (a subschema applied only here, not
   * recursive): one call less per item.
   */
  applyEach(handle: SchemaHandle, value: string, segment?: string): { setup: string; test: string }
  /**
   * A boolean expression: the object `x`, whose property `name` is known not to be `undefined`,
   * has it as an own property (not inherited). Cheaper than a `hasOwnProperty` call per read;
   * `"true"` where the generated code already knows (an object inheriting none of the names).
   */
  own(name: string): string
  /**
   * An expression for `x[name]`. Within one node's code the value is kept in a local: a later
   * step reads the local instead of the object (under varied object shapes every property read
   * is a lookup). Use it only in a test that evaluates each of its reads whenever it passes
   * (reads in a conjunction evaluated left to right).
   */
  read(name: string): string
  /**
   * Records that, when this step passes, `x` has an own property `name` whose value is not
   * `undefined` (what `required` establishes): later steps of the node see `known(name)`.
   */
  ensure(name: string): void
  /** An earlier step of this node's code ensured `name`: no need to test its presence again. */
  known(name: string): boolean
  /**
   * A subschema as written, its references and its keywords (`handle.inspect()`), for emitters
   * that reason about their subschemas (a `oneOf` whose branches exclude each other can stop at
   * the first that passes).
   */
  inspect(handle: SchemaHandle): SchemaView
  /**
   * An expression that is `false` and records this step as where the check failed: for a
   * `transparent` step that, on some paths, fails by itself rather than through a subschema
   * (the failure is then explained by evaluating the step).
   */
  fail(): string
}

