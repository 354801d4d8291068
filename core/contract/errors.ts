/** Error classes. Issues are built only on the failure path. */

/** One problem found in data. Field names follow ajv so existing tooling keeps working. */
export interface ValidationIssue {
  /** The keyword that failed (`required`, `type`, `$ref` for a cycle, ...). */
  keyword: string
  /** JSON Pointer into the data (`/attendees/1/email`); `''` for the root. */
  instancePath: string
  /** JSON Pointer fragment to the failing keyword in the document holding it (`#/$defs/Node/required`). */
  schemaPath: string
  /** Keyword-specific details (`{ missingProperty: 'email' }`). */
  params: Record<string, unknown>
  /** What the schema expected, in its own terms, and what was received (`must be one of: "a", "b" (got "c")`); the keyword's words. */
  message: string
}

/** One problem found in a schema. */
export interface SchemaProblem {
  /** JSON Pointer fragment to the offending place in the schema (`#/properties/a/pattern`). */
  schemaPath: string
  message: string
}

/** One problem thrown inside a compile (by the compile or a keyword's `ctx.fail`); collected into one `SchemaError`. */
/** @internal */
export class Problem extends Error {
  constructor(readonly problem: SchemaProblem) {
    super(problem.message)
  }
}

/** Problems spelled out in `message`; the rest are counted (all stay in `errors`). */
const LISTED = 20

function describe(issue: ValidationIssue): string {
  const path = issue.instancePath.length > 200 ? `…${issue.instancePath.slice(-200)}` : issue.instancePath
  return `${path === '' ? '(root)' : path}: ${issue.message}`
}

function summary(errors: ValidationIssue[]): string {
  if (errors.length === 1) return describe(errors[0]!)
  const lines = errors.slice(0, LISTED).map(describe)
  if (errors.length > LISTED) lines.push(`… and ${errors.length - LISTED} more`)
  return `${errors.length} problems:\n${lines.join('\n')}`
}

/**
 * Data does not conform to a schema. `errors` lists each problem; `message` names every path.
 * Returned (not thrown) by `validate`; thrown by `applyDefaults` only for a reference cycle.
 */
export class ValidationError extends Error {
  override name = 'ValidationError'
  readonly errors: ValidationIssue[]
  private text: string | undefined
  constructor(errors: ValidationIssue[]) {
    super()
    this.errors = errors
  }

  /** Every problem's path and message (the first 20 spelled out); built on first read. */
  // A getter in place of Error's data property, so validate() never pays for the text.
  override get message(): string {
    return (this.text ??= summary(this.errors))
  }
  override set message(text: string) {
    this.text = text
  }

  /**
   * A `ValidationError` that is returned, not thrown (from `validate`): made without running the
   * `Error` constructor, which costs more than validating a small value even with no stack frames.
   * It is `instanceof Error` and `ValidationError`; its `stack` is its first line (`name: message`),
   * and Node's `inspect` shows that line too.
   */
  static returned(errors: ValidationIssue[]): ValidationError {
    return new (Returned as unknown as new (errors: ValidationIssue[]) => ValidationError)(errors)
  }
  /** True for a schemavet `ValidationError`, also across package copies. */
  static isInstance(error: unknown): error is ValidationError {
    return error instanceof Error && error.name === 'ValidationError' && Array.isArray((error as ValidationError).errors)
  }
}

/**
 * The constructor of returned errors: a plain function whose instances have ValidationError's
 * prototype (so they are `instanceof ValidationError` and `Error`), allocated with their fields
 * in place instead of `Object.create` plus three property additions.
 */
function Returned(this: { name: string; errors: ValidationIssue[]; text: string | undefined }, errors: ValidationIssue[]): void {
  this.name = 'ValidationError'
  this.errors = errors
  this.text = undefined
}
Returned.prototype = ValidationError.prototype

// Returned errors have no own `stack` (see `returned`): theirs is read from the prototype.
Object.defineProperty(ValidationError.prototype, 'stack', {
  configurable: true,
  get(this: ValidationError) {
    return `${this.name}: ${this.message}`
  },
  set(this: ValidationError, value: unknown) {
    Object.defineProperty(this, 'stack', { value, writable: true, configurable: true })
  },
})
Object.defineProperty(ValidationError.prototype, Symbol.for('nodejs.util.inspect.custom'), {
  configurable: true,
  value(this: ValidationError) {
    return this.stack
  },
})

/** A schema is malformed (invalid regex, unresolvable `$ref`, wrong keyword value). Thrown by constructors. */
export class SchemaError extends Error {
  override name = 'SchemaError'
  readonly errors: SchemaProblem[]
  constructor(errors: SchemaProblem[]) {
    super(
      errors.length === 1
        ? `invalid schema at ${errors[0]!.schemaPath}: ${errors[0]!.message}`
        : `invalid schema, ${errors.length} problems:\n${errors.map((e) => `${e.schemaPath}: ${e.message}`).join('\n')}`,
    )
    this.errors = errors
  }
  /** True for a schemavet `SchemaError`, also across package copies. */
  static isInstance(error: unknown): error is SchemaError {
    return error instanceof Error && error.name === 'SchemaError' && Array.isArray((error as SchemaError).errors)
  }
}
