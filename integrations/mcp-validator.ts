/**
 * A `jsonSchemaValidator` provider for the MCP TypeScript SDK (`@modelcontextprotocol/sdk`), in
 * place of its ajv provider (which generates code, so it fails on Cloudflare Workers and under a
 * strict CSP) and its cfworker provider. Pass it as `jsonSchemaValidator` in the options of
 * `new Client(...)`, `new Server(...)` or `new McpServer(...)`.
 *
 * The SDK is typed structurally here: it is not a dependency of schemavet.
 */
import { SchemaError, applyThenValidate, newJSONSchema } from '../api.ts'
import type { JSONSchemaValidator, SchemaOptions } from '../api.ts'

/** What a validator function returns: the SDK's `JsonSchemaValidatorResult<T>`. */
export type McpValidationResult<T> =
  | { valid: true; data: T; errorMessage: undefined }
  | { valid: false; data: undefined; errorMessage: string }

/** A validator function: the SDK's `JsonSchemaValidator<T>`. */
export type McpValidatorFunction<T> = (input: unknown) => McpValidationResult<T>

/** Options of `McpJsonSchemaValidator`. */
export interface McpJsonSchemaValidatorOptions {
  /**
   * Options every schema is compiled with. Default `{ allErrors: true, maxErrors: 20 }`, so an
   * error message lists every problem (bounded): the SDK puts it in the error a caller sees.
   */
  schemaOptions?: SchemaOptions
  /** Distinct schema texts kept compiled (least recently used go first). Default 256. */
  cacheSize?: number
}

const DEFAULT_OPTIONS: SchemaOptions = Object.freeze({ allErrors: true, maxErrors: 20 })

type Compiled = JSONSchemaValidator | SchemaError

/**
 * The MCP SDK's `jsonSchemaValidator` interface on schemavet. `getValidator(schema)` compiles the
 * schema once and returns a function that applies defaults, then validates: `{ valid: true, data }`
 * with `data` the defaulted copy (the input is never mutated), or `{ valid: false, errorMessage }`
 * naming each problem's path and the keyword's message (`/city: must be a string (got 5)`).
 *
 * Compiled schemas are cached by object identity and by JSON text: the SDK's client asks again
 * for every tool after each `listTools`, with fresh objects, and those are not compiled again.
 *
 * A schema schemavet cannot compile does not make `getValidator` throw (the SDK's client calls
 * it for every tool in `listTools`, so one bad tool would break the listing); its validator
 * rejects every value with the `SchemaError`'s message instead.
 *
 * Defaults: the SDK's client checks `valid` and drops `data`, so `callTool` returns the server's
 * `structuredContent` as sent, without defaults, and rejects output that is valid only once
 * defaulted (a field the schema both requires and defaults). To get the defaulted copy from
 * `callTool`, wrap the client with `withValidatedToolOutput` from `schemavet/integrations`. On a
 * server, the SDK likewise sends the handler's value, not `data`; `withDefaultedToolOutput`
 * (`mcp-server.ts`) makes an SDK v2 server send the defaulted copy.
 */
export class McpJsonSchemaValidator {
  private readonly options: SchemaOptions
  private readonly cacheSize: number
  private readonly byObject = new WeakMap<object, Compiled>()
  private readonly byText = new Map<string, Compiled>()

  constructor(options: McpJsonSchemaValidatorOptions = {}) {
    this.options = options.schemaOptions ?? DEFAULT_OPTIONS
    const size = options.cacheSize ?? 256
    if (!Number.isInteger(size) || size < 0) throw new TypeError('schemavet: McpJsonSchemaValidator cacheSize must be a non-negative integer')
    this.cacheSize = size
  }

  /**
   * A validator function for `schema` (a JSON Schema object or boolean), compiled on first use
   * and cached. Never throws; the function it returns reports bad data in its result (it throws
   * only what `applyDefaults` throws for a value that is not data at all). Allocates the
   * defaulted copy on every call.
   */
  getValidator<T>(schema: object | boolean): McpValidatorFunction<T> {
    const compiled = this.compiled(schema)
    if (SchemaError.isInstance(compiled)) {
      const errorMessage = `schemavet could not compile the schema: ${compiled.message}`
      return () => ({ valid: false, data: undefined, errorMessage })
    }
    return (input) => check<T>(compiled, input)
  }

  private compiled(schema: object | boolean): Compiled {
    const isObject = typeof schema === 'object' && schema !== null
    const hit = isObject ? this.byObject.get(schema) : undefined
    if (hit !== undefined) return hit
    let text: string | undefined
    try {
      text = JSON.stringify(schema)
    } catch {
      text = undefined // not JSON (a cycle, a BigInt): compiled without the text cache
    }
    let compiled = text === undefined ? undefined : this.byText.get(text)
    if (compiled === undefined) {
      compiled = compile(schema, this.options)
      if (text !== undefined && this.cacheSize > 0) {
        if (this.byText.size >= this.cacheSize) this.byText.delete(this.byText.keys().next().value!)
        this.byText.set(text, compiled)
      }
    } else {
      // Recently used: move to the end of the eviction order.
      this.byText.delete(text!)
      this.byText.set(text!, compiled)
    }
    if (isObject) this.byObject.set(schema, compiled)
    return compiled
  }
}

function compile(schema: unknown, options: SchemaOptions): Compiled {
  try {
    return newJSONSchema(schema, options)
  } catch (e) {
    if (SchemaError.isInstance(e)) return e
    const message = e instanceof Error ? e.message : String(e)
    return new SchemaError([{ schemaPath: '#', message }])
  }
}

function check<T>(schema: JSONSchemaValidator, input: unknown): McpValidationResult<T> {
  // A reference cycle that consumes no input is reported as validate would report it.
  const result = applyThenValidate<unknown>(input, schema)
  return result.error === undefined
    ? { valid: true, data: result.value as T, errorMessage: undefined }
    : { valid: false, data: undefined, errorMessage: result.error.message }
}
