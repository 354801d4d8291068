/**
 * What a keyword's `emit` sees while the generated tier is built (see `KeywordDefinition.emit`).
 * Code is built with the code builder (`js`, `literal`, `joinCode`): values enter only as
 * constants or literals, names only as locals, so no schema text ever becomes source.
 */
import type { JsonType, SchemaHandle, SchemaView } from './types.ts'
import type { Code } from './code.ts'

/** Emitted code with statements: `setup` runs first, then `test` is the step's answer. */
export interface EmitBlock {
  setup?: Code
  test: Code
  /**
   * The step fails only when a subschema applied through `g.apply` fails, and then its issues
   * (without `allErrors`) are exactly those of that subschema: a failure is explained from there.
   */
  transparent?: boolean
  /**
   * The test runs the very function the keyword's `validate` runs (called, or through
   * `g.inline`), and `validate` records no issue of its own: a failure here is explained by the
   * keyword's `error` alone, without evaluating the step again.
   */
  mirrorsValidate?: boolean
}

/**
 * What a keyword's `emit` may use while generating code. The instance is `x`; code runs only on
 * the boolean pass (valid or not); a failure is explained by the keyword's `validate`.
 */
export interface EmitContext {
  /** The JSON type of `x` where this code runs (a node's code is generated per instance type). */
  readonly type: JsonType
  /** An identifier bound to `value` in the generated code (a compiled value, a function, a set). */
  constant(value: unknown): Code
  /** A fresh local variable for the step's own use (declared for you). */
  local(): Code
  /**
   * A boolean expression applying a subschema to `value` (an expression; evaluate it once, it
   * may be repeated), as `ctx.apply(handle, value, segment)` does; `segment` is an expression too.
   */
  apply(handle: SchemaHandle, value: Code, segment?: Code): Code
  /**
   * `apply` for a loop's body, run once per item: `setup` (statements) goes first in the body,
   * then `test` is the answer. `value` is evaluated once, in `setup`. The subschema's own code
   * may be written there instead of a call.
   */
  applyEach(handle: SchemaHandle, value: Code, segment?: Code): { setup: Code; test: Code }
  /**
   * A boolean expression: the object `x`, whose property `name` is known not to be `undefined`,
   * has it as an own property (not inherited); the code `true` where that is already known.
   */
  own(name: string): Code
  /**
   * An expression for `x[name]`; within one node's code a later step reuses the value read. Use
   * it only in a test that evaluates each of its reads whenever it passes (reads in a
   * conjunction evaluated left to right).
   */
  read(name: string): Code
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
  fail(): Code
  /**
   * An expression that is `false` and records the whole node as where the check failed (explained
   * by evaluating the node's steps in order): for a step that finds, ahead of its turn, that a
   * later step of the node must fail.
   */
  failNode(): Code
  /**
   * A pure checker function written into the code as statements (its parameters bound to
   * `args`), or undefined when it cannot be (free variables, nested functions: call it through
   * `g.constant(fn)` then). Saves a call per value.
   */
  inline(fn: (...args: never[]) => boolean, args: readonly Code[]): EmitBlock | undefined
}
