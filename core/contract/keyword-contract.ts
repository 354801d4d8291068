/**
 * The keyword plugin contract: what a keyword's `compile`, `validate`, `defaults`, `emit` and
 * early checks see, and the definition a plugin hands to the kernel. Plugins import these through
 * `schemavet` (core/index.ts re-exports them by way of types.ts), never from here directly.
 */
import type { JsonType, FormatChecker, DialectName, SchemaHandle, SchemaView, ResolvedOptions, RegexMatcher, ValidationIssue, Code, EmitBlock, EmitContext } from './types.ts'

/** What a keyword's `compile` sees: the schema around it and ways to reach subschemas. */
export interface CompileContext {
  /** The keyword being compiled. */
  readonly keyword: string
  /** The schema object holding the keyword (read siblings such as `prefixItems` from here). */
  readonly schema: Readonly<Record<string, unknown>>
  /** JSON Pointer fragment of the keyword in its document (`#/properties/a/minLength`). */
  readonly schemaPath: string
  /** The base URI in effect for this schema object. */
  readonly baseUri: string
  /** The dialect of this schema object. */
  readonly dialect: DialectName
  /** Standard vocabularies a custom meta-schema turned on (short names); undefined means all. */
  readonly vocabularies: ReadonlySet<string> | undefined
  readonly options: ResolvedOptions
  /**
   * Compiles the subschema at `schema[keyword][...segments]` (or at the sibling keyword named by
   * `at`) and returns its handle. Records the edge as the keyword's `applies` kind.
   */
  subschema(...segments: (string | number)[]): SchemaHandle
  /** Like `subschema`, for a sibling keyword's value (`if` reading `then`). */
  siblingSubschema(keyword: string, ...segments: (string | number)[]): SchemaHandle
  /** Resolves a reference against the base URI and compiles its target. An in-place edge. */
  resolveRef(ref: string): SchemaHandle
  /**
   * For `$dynamicRef`: the handle of the static target plus, when the target is a dynamic anchor,
   * its name (to look up in the dynamic scope at run time). With `anchor` (`$recursiveRef` passes
   * the `$recursiveAnchor` name), the target is dynamic when its resource root carries that anchor.
   */
  resolveDynamicRef(ref: string, anchor?: string): { handle: SchemaHandle; anchor: string | undefined }
  /** A format checker by name, or undefined when the name is unknown. */
  format(name: string): FormatChecker | undefined
  /**
   * Compiles a pattern (ECMAScript syntax, `u` flag) with the schema's regex engine (`regex`
   * option), once per source per compile. Fails (a `SchemaError` at `segments` below this keyword)
   * when it is not a string, invalid, or unsupported by the engine. A pattern the super-linear
   * check flags is reported through the `warning` hook, or is a `SchemaError` in untrusted mode
   * with `regex: 'ecmascript'`.
   */
  regex(source: unknown, ...segments: (string | number)[]): RegexMatcher
  /**
   * Why `source` is not a pattern the schema's regex engine accepts, or undefined when it is:
   * the `regex` format's check. Compiles no matcher; may be called at run time.
   */
  regexProblem(source: string): string | undefined
  /** Throws a `SchemaError` at this keyword (or below it). */
  fail(message: string, ...segments: (string | number)[]): never
  /** Reports a compile-time warning through the `warning` hook. */
  warn(message: string): void
}

/**
 * Evaluated-location annotations for `unevaluatedProperties` / `unevaluatedItems`. Present on the
 * run context only where some schema needs them; keywords that evaluate properties or items mark
 * them when it is present.
 */
export interface EvaluatedTracker {
  markProperty(name: string): void
  markAllProperties(): void
  markItemsBefore(count: number): void
  markItem(index: number): void
  markAllItems(): void
  hasProperty(name: string): boolean
  hasItem(index: number): boolean
}

/** What a keyword's `validate` sees at run time. */
export interface RunContext {
  /**
   * Evaluates a subschema on a value. For a `child` handle, `segment` is the property name or
   * index the value sits at (extends error paths); omit it to keep the current path.
   */
  apply(handle: SchemaHandle, instance: unknown, segment?: string | number): boolean
  /** Looks the dynamic anchor up in the dynamic scope; undefined when no outer resource has it. */
  dynamicTarget(anchor: string): SchemaHandle | undefined
  /** True on the failure pass, when issues are recorded; false on the fast boolean pass. */
  readonly collecting: boolean
  /** Whether every problem is wanted (the `allErrors` option), or only the first. */
  readonly allErrors: boolean
  /**
   * Whether applicators must evaluate every branch even after the answer is known (annotations
   * are being collected, or a reference cycle may be reachable from here).
   */
  readonly exhaustive: boolean
  /** Evaluated-location annotations, or null when no schema here needs them. */
  readonly evaluated: EvaluatedTracker | null
  /** The number of issues recorded so far (for `resetErrors`). */
  errorMark(): number
  /** Drops issues recorded since `mark` (a branch that did not matter). */
  resetErrors(mark: number): void
  /** Removes and returns the issues recorded since `mark` (empty on the fast pass). */
  takeErrors(mark: number): ValidationIssue[]
  /** Records issues taken earlier with `takeErrors`. */
  restoreErrors(issues: readonly ValidationIssue[]): void
  /**
   * The issue recorded at position `index` (counted as `errorMark` counts), left in place;
   * undefined past the end and on the fast pass. Lets an applicator read its branches' issues
   * without taking them out and putting them back at every level of deep data.
   */
  errorAt(index: number): ValidationIssue | undefined
  /**
   * The last `length` characters (at most 81) of an issue's `instancePath`. A deep path's text is
   * copied whole at its first read; this takes the end the evaluator kept beside the issue.
   */
  pathEnd(issue: ValidationIssue, length: number): string
  /** JSON Pointer of the current instance on the failure pass (`''` on the fast pass). */
  readonly instancePath: string
  /**
   * Records an issue for the current keyword beside the one the kernel adds on failure; `segment`
   * points below the current instance path. Only does work on the failure pass.
   */
  report(params: Record<string, unknown>, message: string, segment?: string | number): void
  /**
   * True when the call has a work budget (`maxWork`, untrusted mode): a keyword whose work grows
   * with the size of the value (its length, its keys, its items, comparisons) then says how much
   * with `charge`. False otherwise: nothing is counted, so compute no cost.
   */
  readonly budgeted: boolean
  /**
   * Charges `units` of work to the call's budget, before doing it where the amount is known
   * (about one unit per subschema application, per key or item visited, per 64 characters
   * scanned); an exhausted budget ends the call with the `limit` issue. Does nothing unbudgeted.
   */
  charge(units: number): void
}

/** Issue text and params of a keyword, used only on the failure pass. */
export interface KeywordError<C> {
  /** Params of the issue (`{ limit }`), computed from the compiled value and the failing instance. */
  params?(compiled: C, instance: unknown, ctx: RunContext): Record<string, unknown>
  /**
   * The message: what the schema expected in its own terms and what was received
   * (`must be at least 3 characters long (got "ab")`; see `excerpt`/`got` in core). Called only
   * when the issue is recorded, never while a value passes.
   */
  message(params: Record<string, unknown>, compiled: C, instance: unknown): string
}

/** What `applyDefaults` gives a keyword's `defaults` function. */
export interface DefaultsContext {
  /** Walks a child slot (`holder[key]`) with a subschema; may insert the subschema's default there. */
  fill(handle: SchemaHandle, holder: Record<string, unknown> | unknown[], key: string | number): void
  /** Walks the current slot with an in-place subschema (`allOf` branch, `$ref` target). */
  fillHere(handle: SchemaHandle): void
  /** The current slot's value as defaulted so far (undefined when missing). */
  current(): unknown
  /** Inserts a deep copy of `value` at the current slot when it is missing. */
  insertDefault(value: unknown): void
  /** Validates a value against a subschema (no issues recorded). */
  test(handle: SchemaHandle, instance: unknown): boolean
  /** The dynamic-scope target of an anchor (as `RunContext.dynamicTarget`). */
  dynamicTarget(anchor: string): SchemaHandle | undefined
  /** Whether `value` is an object or array this walk owns (a copy it may write into). */
  owns(value: unknown): value is Record<string, unknown> | unknown[]
}

/**
 * A keyword plugin: data plus pure functions.
 * @typeParam V the keyword's value in the schema
 * @typeParam C what `compile` returns, handed back to `validate`
 */
export interface KeywordDefinition<V = any, C = any> {
  /** Exact spelling: `"minLength"`, `"$ref"`. */
  keyword: string
  /** `"core" | "applicator" | "validation" | ...`, or your own. */
  vocabulary: string
  /** Dialects the definition applies to; all when omitted. */
  dialects?: readonly DialectName[]
  /**
   * Whether the value has the shape this definition compiles (`exclusiveMaximum`: a number, or in
   * draft-04 a boolean). Only read when a schema is refused: a keyword whose value another
   * dialect's definition accepts gets a `SchemaError` naming the dialects that would take it.
   */
  accepts?(value: unknown): boolean
  /** Where the value holds subschemas, so `$id`/`$anchor` inside are found before compiling. */
  schemaShape?: 'schema' | 'schemaArray' | 'schemaMap' | 'schemaOrSchemaArray'
  /** Skip the keyword unless the instance is one of these types (decided at compile time). */
  instanceTypes?: readonly JsonType[]
  /** Its subschemas see the same value (`in-place`) or parts of it (`child`). Default `in-place`. */
  applies?: 'in-place' | 'child'
  /** 0 (default) runs in schema order among the keywords; 1 runs after them (`unevaluated*`). */
  phase?: 0 | 1
  /**
   * Tapable stage of the definition's tap on `compileKeyword`: a lower stage wins, so a plugin
   * overrides a standard keyword with a negative stage. Default 0.
   */
  stage?: number
  /**
   * Compiles the value once per schema. Return `undefined` when the keyword has nothing to do at
   * run time (an annotation, or a value read by a sibling). Throw through `ctx.fail` when malformed.
   */
  compile(value: V, ctx: CompileContext): C | undefined
  /** Hot path: true when the instance passes. Reports only on failure. */
  validate?(compiled: C, instance: unknown, ctx: RunContext): boolean
  /**
   * The issue the kernel records when `validate` returns false and recorded nothing itself (no
   * `ctx.report`, no failing subschema). Left out, the kernel records a generic one at the
   * keyword's paths (`must be valid against "even" (got 3)`, empty params); set explicitly to
   * `undefined` only when `validate` always accounts for its failures in the issues itself.
   */
  error?: KeywordError<C>
  /**
   * Optional code for the generated tier: equivalent to `validate` on the boolean pass, over the
   * instance `x`. Return a boolean expression, or an `EmitBlock` (statements, then the
   * expression), written with the code builder (`js`, `literal`, `g.constant`, `g.local`);
   * apply subschemas only through `g.apply`. Return undefined to have `validate` called instead.
   * Check it against `validate` with `checkEmit`.
   */
  emit?(compiled: C, g: EmitContext): Code | EmitBlock | undefined
  /** Contributes to `applyDefaults`: fill defaults into `instance` (the current slot). */
  defaults?(compiled: C, instance: unknown, ctx: DefaultsContext): void
  /**
   * Which of its subschemas must hold wherever the schema holds, read by tools that reason about
   * a value before it is complete (the streaming early stop): for `segment` a property name or an
   * item index, those that apply to that part of an object or array; for `segment` undefined,
   * those that apply to the value itself (`allOf`, `$ref`). None for subschemas that may not
   * apply (`anyOf`, `if`, `not`). Leaving one out only means fewer early checks.
   */
  mustHold?(compiled: C, segment: string | number | undefined): readonly SchemaHandle[]
  /**
   * What the keyword can decide while the value is still arriving, in its own words: only what
   * no later text and no `default` can undo (see `EarlyCheck`).
   */
  early?: EarlyCheck<C>
}

/**
 * A keyword's checks on a value still being parsed. Each returns the issue (params and message,
 * in the shape `validate` reports) when the value can no longer pass, else undefined. Defaults
 * only add missing object properties, so a value's JSON type, a finished string, number,
 * boolean or null, an array's length and an object's present keys are final.
 */
export interface EarlyCheck<C> {
  /** A value of JSON type `type` begins here. */
  begin?(compiled: C, type: JsonType): EarlyIssue | undefined
  /** Item `index` of the array here begins. */
  item?(compiled: C, index: number): EarlyIssue | undefined
  /** The object here has key `name` (its `distinctKeys`-th distinct key); reported at the object. */
  key?(compiled: C, name: string, distinctKeys: number): EarlyIssue | undefined
  /**
   * A string value begins here: a watcher to give its text piece by piece (`piece`, and `start`,
   * the text so far up to a message's excerpt). Undefined when the keyword cannot fail a string early.
   */
  text?(compiled: C): ((piece: string, start: string) => EarlyIssue | undefined) | undefined
  /**
   * The value here is finished (a scalar, or an array: both final). `true`: the keyword's own
   * `validate` and `error` decide, on scalars (string, number, boolean, null) of its
   * `instanceTypes`, with no run context (only for keywords whose `validate` reads none of it but
   * `budgeted` and `charge`, which are unbudgeted there).
   */
  end?: true | ((compiled: C, value: unknown) => EarlyIssue | undefined)
}

/** An issue a keyword's early check found (the kernel adds where, and which keyword). */
export interface EarlyIssue {
  params: Record<string, unknown>
  message: string
}

/** A keyword of a compiled schema with its early checks bound to its compiled value (`SchemaView.early`). */
export interface EarlyStep {
  readonly keyword: string
  /** Where the keyword is written (the issue's `schemaPath`). */
  readonly schemaPath: string
  begin(type: JsonType): EarlyIssue | undefined
  item(index: number): EarlyIssue | undefined
  key(name: string, distinctKeys: number): EarlyIssue | undefined
  text(): ((piece: string, start: string) => EarlyIssue | undefined) | undefined
  end(value: unknown): EarlyIssue | undefined
}

/** What a `compileKeyword` tap returns: the definition and its compiled value. */
export interface CompiledKeyword {
  definition: KeywordDefinition
  compiled: unknown
}

/** An in-place reference cycle found at compile time. */
export interface CycleInfo {
  /** Locations around the cycle, first repeated last (`['#/$defs/A', '#/$defs/B', '#/$defs/A']`). */
  path: string[]
}

/** A compile-time warning. */
export interface SchemaWarning {
  schemaPath: string
  message: string
}
