/**
 * Error classes of the integrations. Each carries the context a person needs to find the bad
 * value (the field, as `messages[3].parts[1].input`; the tool or entity name) and the underlying
 * `ValidationError` (or `SyntaxError`) as `cause`. `name` is the class name, and the static
 * `isInstance` recognises an instance by that name, so it also works across copies of the package
 * (where `instanceof` does not).
 */

/** Where a rejected value came from. */
export interface ErrorContext {
  /** Path of the value in the caller's input, e.g. `messages[3].parts[1].input` or `options`. */
  field?: string
  /** The tool, data part or other entity the value belongs to. */
  entityName?: string
  /** Id of that entity (tool call id, message id, data part id), when it has one. */
  entityId?: string
}

function errorOptions(cause: unknown): ErrorOptions | undefined {
  // Only a defined cause: `{ cause: undefined }` would still create an own `cause` property.
  return cause === undefined ? undefined : { cause }
}

/**
 * Input for a tool does not match its input schema (or is not JSON). Thrown by `parseToolCall`,
 * `revalidateApprovedToolCall`, `validateSerializableToolInput`, and for tool inputs in UI
 * messages. `cause` is the `ValidationError` (or the `SyntaxError` of unparsable input).
 */
export class InvalidToolInputError extends Error {
  override name = 'InvalidToolInputError'
  /** The tool whose input was rejected. */
  readonly toolName: string
  /** The input as received (before defaults). */
  readonly toolInput: unknown
  /** The tool call, when known. */
  readonly toolCallId: string | undefined
  /** Where the input sits in the caller's data (`messages[0].parts[2].input`), when it came from there. */
  readonly field: string | undefined

  constructor(options: { toolName: string; toolInput: unknown; message: string; cause?: unknown; toolCallId?: string; field?: string }) {
    super(options.message, errorOptions(options.cause))
    this.toolName = options.toolName
    this.toolInput = options.toolInput
    this.toolCallId = options.toolCallId
    this.field = options.field
  }

  /** True for an `InvalidToolInputError`, also from another copy of schemavet. */
  static isInstance(error: unknown): error is InvalidToolInputError {
    return error instanceof Error && error.name === 'InvalidToolInputError' && 'toolName' in error
  }
}

/**
 * A tool's output does not match its output schema, or cannot be read as JSON. Thrown by
 * `parseToolOutput`, `withValidatedToolOutput` clients and for tool outputs in UI messages.
 * `cause` is the `ValidationError` (or the `SyntaxError` of unparsable text content).
 */
export class InvalidToolOutputError extends Error {
  override name = 'InvalidToolOutputError'
  /** The tool whose output was rejected. */
  readonly toolName: string
  /** The output as received (the structured content, parsed text, or the whole result). */
  readonly toolOutput: unknown
  /** The tool call, when known. */
  readonly toolCallId: string | undefined
  /** Where the output sits in the caller's data, when it came from there. */
  readonly field: string | undefined

  constructor(options: { toolName: string; toolOutput: unknown; message: string; cause?: unknown; toolCallId?: string; field?: string }) {
    super(options.message, errorOptions(options.cause))
    this.toolName = options.toolName
    this.toolOutput = options.toolOutput
    this.toolCallId = options.toolCallId
    this.field = options.field
  }

  /** True for an `InvalidToolOutputError`, also from another copy of schemavet. */
  static isInstance(error: unknown): error is InvalidToolOutputError {
    return error instanceof Error && error.name === 'InvalidToolOutputError' && 'toolName' in error
  }
}

/**
 * An argument (call options, tool context, UI messages, metadata, a data part, ...) is missing,
 * malformed, or does not match its schema. `parameter` names the argument of the function that
 * threw; `field` narrows it down; `cause` is the `ValidationError` when a schema rejected it.
 */
export class InvalidArgumentError extends Error {
  override name = 'InvalidArgumentError'
  /** The argument of the function that threw (`options`, `context`, `messages`, `toolName`). */
  readonly parameter: string
  /** The rejected value as received (before defaults). */
  readonly value: unknown
  /** Path of the value inside the argument, e.g. `messages[3].metadata`. */
  readonly field: string | undefined
  /** The tool, data part or other entity the value belongs to. */
  readonly entityName: string | undefined
  /** Id of that entity, when it has one. */
  readonly entityId: string | undefined

  constructor(options: { parameter: string; value: unknown; message: string; cause?: unknown } & ErrorContext) {
    super(options.message, errorOptions(options.cause))
    this.parameter = options.parameter
    this.value = options.value
    this.field = options.field
    this.entityName = options.entityName
    this.entityId = options.entityId
  }

  /** True for an `InvalidArgumentError`, also from another copy of schemavet. */
  static isInstance(error: unknown): error is InvalidArgumentError {
    return error instanceof Error && error.name === 'InvalidArgumentError' && 'parameter' in error
  }
}

/** Token counts of a generation, summed over every attempt it made. */
export interface GenerationUsage {
  inputTokens: number | undefined
  outputTokens: number | undefined
  totalTokens: number | undefined
}

/**
 * `generateObject` / `streamObject` produced no usable object: the response had no text, was not
 * JSON, or did not match the schema (after every repair attempt). `text` is the model's last
 * response text; `cause` is the `SyntaxError` or `ValidationError`. Errors of the model call
 * itself (network, HTTP status) are not wrapped in this class; they reach the caller unchanged.
 */
export class NoObjectGeneratedError extends Error {
  override name = 'NoObjectGeneratedError'
  /** The text of the last response (for a stream: received so far), or undefined when there was none. */
  readonly text: string | undefined
  /** Why the model stopped (`stop`, `length`, ...), when it said so before the failure. */
  readonly finishReason: string | undefined
  /** Token usage of every attempt, when the model reported it. */
  readonly usage: GenerationUsage | undefined

  constructor(options: { message: string; text: string | undefined; cause?: unknown; finishReason?: string; usage?: GenerationUsage }) {
    super(options.message, errorOptions(options.cause))
    this.text = options.text
    this.finishReason = options.finishReason
    this.usage = options.usage
  }

  /** True for a `NoObjectGeneratedError`, also from another copy of schemavet. */
  static isInstance(error: unknown): error is NoObjectGeneratedError {
    return error instanceof Error && error.name === 'NoObjectGeneratedError' && 'text' in error
  }
}
