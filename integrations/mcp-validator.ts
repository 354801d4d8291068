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
import { wireOptions } from './parse-with-defaults.ts'

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
   * Untrusted mode is added unless `trusted` (or `untrusted: false` here) says otherwise.
   */
  schemaOptions?: SchemaOptions
  /**
   * The schemas are your own (not another process's): compile them without the limits of
   * untrusted mode. Default false: the SDK hands this provider every server's tool schemas, so
   * they compile in untrusted mode (limits on size, depth, subschemas, references and work per
   * call; SECURITY.md), patterns on the linear engine when `schemavet/linear-regex` is imported,
   * otherwise on the platform engine, which refuses a pattern the super-linear check flags.
   */
  trusted?: boolean
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
 * Compiled schemas are cached by object identity and by a snapshot: the SDK's client asks again
 * for every tool after each `listTools`, with fresh objects, and those are not compiled again.
 * The schema is read once into a copy of plain JSON values, and that copy is what is compiled
 * and what the cache key is the text of, so two schemas share a compile only when they are the
 * same data (`minLength: undefined` is not the same as no `minLength`, as their JSON texts
 * would say). A schema that is not plain JSON data (a value JSON cannot hold, a class instance,
 * an accessor it cannot read, a loop) is compiled as given and not cached by text. A failed
 * compile is never cached.
 *
 * Schemas from the wire are untrusted input: they compile in untrusted mode unless the provider
 * is made with `trusted: true`, so a schema of a few KB cannot make a call (or its defaults)
 * expand without bound; the limits' issue (`maxWork`) is the error message then.
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
  private readonly trusted: boolean
  private readonly cacheSize: number
  private readonly byObject = new WeakMap<object, Compiled>()
  private readonly byText = new Map<string, Compiled>()

  constructor(options: McpJsonSchemaValidatorOptions = {}) {
    this.options = options.schemaOptions ?? DEFAULT_OPTIONS
    this.trusted = options.trusted === true
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
    const shot = this.cacheSize > 0 ? snapshot(schema) : undefined
    let compiled = shot === undefined ? undefined : this.byText.get(shot.text)
    if (compiled === undefined) {
      compiled = compile(shot === undefined ? schema : shot.copy, this.trusted ? this.options : wireOptions(this.options))
      // A failure is not kept: it says nothing about a later request (and a cached one would
      // answer for every schema that shares its key).
      if (SchemaError.isInstance(compiled)) return compiled
      if (shot !== undefined) {
        if (this.byText.size >= this.cacheSize) this.byText.delete(this.byText.keys().next().value!)
        this.byText.set(shot.text, compiled)
      }
    } else {
      // Recently used: move to the end of the eviction order.
      this.byText.delete(shot!.text)
      this.byText.set(shot!.text, compiled)
    }
    if (isObject) this.byObject.set(schema, compiled)
    return compiled
  }
}

/** Characters of snapshot text past which a schema is not cached by text (the untrusted size limit). */
const SNAPSHOT_CHARS = 1_048_576

/**
 * The schema read once into a copy of plain JSON values, and that copy's JSON text (keys in
 * their order), which stands for it exactly: every value in the copy is one JSON writes and
 * reads back the same. Undefined (not cached by text) for anything else: `undefined`, NaN,
 * Infinity, -0, functions, symbols, BigInt, array holes, objects other than plain objects and
 * arrays, symbol or non-enumerable keys, data that contains itself, a read that throws, or text
 * past `SNAPSHOT_CHARS` (a schema that shares subtrees is counted at each place, as its text is).
 * Iterative, so a deep schema does not overflow the stack.
 */
export function snapshot(schema: unknown): { copy: unknown; text: string } | undefined {
  try {
    return snapshotOf(schema)
  } catch {
    return undefined // a getter or a Proxy trap threw: compiled as given
  }
}

class Close {
  constructor(
    readonly source: object,
    readonly text: string,
  ) {}
}

function snapshotOf(schema: unknown): { copy: unknown; text: string } | undefined {
  const parts: string[] = []
  let length = 0
  const onPath = new Set<object>()
  const root: Record<string, unknown> = {}
  // Work items: [value, the container its copy goes into, the key there, the text before it], or a Close.
  const work: (readonly [unknown, Record<string | number, unknown>, string | number, string] | Close)[] = [[schema, root, 'v', '']]
  while (work.length > 0) {
    const item = work.pop()!
    if (item instanceof Close) {
      onPath.delete(item.source)
      parts.push(item.text)
      length += 1
      continue
    }
    const [value, into, key, before] = item
    parts.push(before)
    length += before.length
    let copy: unknown
    if (value === null || typeof value === 'boolean' || typeof value === 'string') {
      copy = value
      const text = JSON.stringify(value)
      parts.push(text)
      length += text.length
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value) || Object.is(value, -0)) return undefined
      copy = value
      const text = String(value)
      parts.push(text)
      length += text.length
    } else if (typeof value === 'object') {
      if (onPath.has(value)) return undefined
      const isArray = Array.isArray(value)
      const proto = Object.getPrototypeOf(value)
      if (!isArray && proto !== Object.prototype && proto !== null) return undefined
      const keys = Reflect.ownKeys(value)
      const children: (readonly [unknown, Record<string | number, unknown>, string | number, string])[] = []
      if (isArray) {
        const array = value as unknown[]
        const n = array.length
        // own keys of an array: its indices and "length"; anything else (or a hole) is not JSON
        if (keys.length !== n + 1) return undefined
        const out: unknown[] = new Array(n)
        for (let i = 0; i < n; i++) {
          if (!Object.prototype.hasOwnProperty.call(array, i)) return undefined
          children.push([array[i], out as unknown as Record<number, unknown>, i, i === 0 ? '' : ','])
        }
        copy = out
        parts.push('[')
      } else {
        const out: Record<string, unknown> = {}
        let first = true
        for (const k of keys) {
          if (typeof k !== 'string') return undefined
          const d = Object.getOwnPropertyDescriptor(value, k)
          if (d === undefined || !d.enumerable) return undefined
          children.push([(value as Record<string, unknown>)[k], out, k, `${first ? '' : ','}${JSON.stringify(k)}:`])
          first = false
        }
        copy = out
        parts.push('{')
      }
      length += 1
      onPath.add(value)
      work.push(new Close(value, isArray ? ']' : '}'))
      for (let i = children.length - 1; i >= 0; i--) work.push(children[i]!)
    } else return undefined
    if (length > SNAPSHOT_CHARS) return undefined
    if (typeof key === 'number') (into as unknown as unknown[])[key] = copy
    else Object.defineProperty(into, key, { value: copy, enumerable: true, writable: true, configurable: true })
  }
  return { copy: root.v, text: parts.join('') }
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
