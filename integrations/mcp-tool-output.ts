/**
 * Structured tool output from an MCP server. The MCP SDK's client checks `structuredContent`
 * against the tool's `outputSchema` without applying defaults, so a server that leaves out a
 * field the schema defaults (and `required` names, as schemas generated from Zod `.default()` do)
 * is rejected, and the caller never sees the default. These functions default first, then
 * validate, and hand back the defaulted copy. The SDK is typed structurally: it is not a
 * dependency of schemavet.
 */
import { InvalidToolOutputError } from './errors.ts'
import { parseWithDefaults, sourceOf, toSchema } from './parse-with-defaults.ts'
import type { SchemaInput, WireTrust } from './parse-with-defaults.ts'

/** An MCP `CallToolResult`: `{ content, structuredContent?, isError? }` (other fields are kept). */
export interface CallToolResultLike {
  content?: ReadonlyArray<{ type: string; text?: string; [key: string]: unknown }>
  structuredContent?: unknown
  isError?: boolean
  [key: string]: unknown
}

/**
 * Options of `parseToolOutput`. The output schema comes from the MCP server, so a raw one
 * compiles in untrusted mode (as `McpJsonSchemaValidator` compiles it) unless `trusted: true`.
 */
export interface ParseToolOutputOptions extends WireTrust {
  toolName: string
  /** The tool's `outputSchema` (from `listTools`); without one the result passes unchanged. */
  outputSchema?: SchemaInput
}

/**
 * Checks an MCP tool result against the tool's output schema. An `isError` result passes through
 * unchecked (the same object). `structuredContent` is defaulted and validated; without it, the
 * first `text` content is parsed as JSON and checked the same way (servers that predate
 * structured output send their JSON there). Returns a shallow copy of `result` whose
 * `structuredContent` is the defaulted copy; `result` is never mutated.
 *
 * @throws InvalidToolOutputError with message `Tool "<name>" returned structuredContent that does
 *   not match the expected outputSchema: ...`, `... returned content that does not match ...`
 *   (`cause`: the `ValidationError`), or `... did not return structuredContent or parseable text
 *   content` (`cause`: the `SyntaxError`, when there was text)
 */
export function parseToolOutput<R extends CallToolResultLike>(result: R, options: ParseToolOutputOptions): R & { structuredContent?: unknown } {
  const { toolName, outputSchema } = options
  if (result.isError === true || outputSchema === undefined) return result
  if (result.structuredContent !== undefined) {
    return check(result, result.structuredContent, 'structuredContent', options)
  }
  const text = result.content?.find((c) => c.type === 'text' && typeof c.text === 'string')?.text
  let parsed: unknown
  let syntaxError: unknown
  if (text !== undefined) {
    try {
      parsed = JSON.parse(text)
    } catch (e) {
      syntaxError = e
    }
  }
  if (text === undefined || syntaxError !== undefined) {
    throw new InvalidToolOutputError({
      toolName,
      toolOutput: result,
      cause: syntaxError,
      field: text === undefined ? undefined : 'content',
      message: `Tool "${toolName}" did not return structuredContent or parseable text content`,
    })
  }
  return check(result, parsed, 'content', options)
}

function check<R extends CallToolResultLike>(result: R, output: unknown, field: 'structuredContent' | 'content', options: ParseToolOutputOptions): R & { structuredContent?: unknown } {
  const { toolName } = options
  const parsed = parseWithDefaults(toSchema(options.outputSchema!, sourceOf(options)), output, { field, entityName: toolName })
  if (!parsed.success) {
    throw new InvalidToolOutputError({
      toolName,
      toolOutput: output,
      field,
      cause: parsed.validationError,
      message: `Tool "${toolName}" returned ${field} that does not match the expected outputSchema: ${parsed.validationError.message}`,
    })
  }
  return { ...result, structuredContent: parsed.value }
}

/** The parts of an MCP SDK `Client` the wrapper uses (v1 `Client` fits). */
export interface McpClientLike {
  listTools(params?: { cursor?: string }, options?: any): Promise<{ tools: ReadonlyArray<{ name: string; outputSchema?: unknown }>; nextCursor?: string }>
  callTool(params: { name: string; arguments?: Record<string, unknown> }, resultSchema?: any, options?: any): Promise<unknown>
  request(request: { method: string; params?: unknown }, resultSchema: any, options?: any): Promise<unknown>
}

/**
 * Accepts any object as a `tools/call` result and hands it back unchanged; `request()` takes a
 * schema with `safeParse` (the Zod 3 shape the SDK also accepts). The content check below is what
 * `parseToolOutput` needs; everything else is left to the caller's own `resultSchema`, if any.
 */
const CALL_TOOL_RESULT = Object.freeze({
  safeParse(value: unknown) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { success: false, error: new TypeError('tools/call returned a result that is not an object') }
    }
    const r = value as CallToolResultLike
    if (r.content !== undefined && !Array.isArray(r.content)) {
      return { success: false, error: new TypeError('tools/call returned a result whose content is not an array') }
    }
    // The SDK's own result schema defaults `content` to [] as well.
    return { success: true, data: r.content === undefined ? { ...r, content: [] } : r }
  },
})

/**
 * Wraps an MCP SDK `Client` so `callTool` results come back with `structuredContent` defaulted and
 * validated against the tool's `outputSchema` (as `parseToolOutput` does). Output schemas come
 * from `listTools` called through the wrapper, or are listed (every page) on the first call to a
 * tool it has not seen. The call itself goes through `client.request('tools/call')`, so the SDK's
 * default-blind check does not reject output that only needs its defaults. Tools that require
 * task-based execution are delegated to the client's own `callTool` (which refuses them).
 * Everything else is the client itself: the wrapper is a `Proxy` whose other members are the
 * client's, bound to it. The client is not modified. The output schemas come from the server:
 * they compile in untrusted mode unless `options.trusted` is true.
 *
 * @returns the wrapped client; its `callTool` rejects with `InvalidToolOutputError` for output that
 *   does not match the schema
 */
export function withValidatedToolOutput<C extends McpClientLike>(client: C, options: WireTrust = {}): C {
  const trusted = options.trusted === true
  const schemas = new Map<string, SchemaInput | null>()
  const bound = new WeakMap<object, unknown>()

  function remember(tools: ReadonlyArray<{ name: string; outputSchema?: unknown }>): void {
    for (const tool of tools) schemas.set(tool.name, (tool.outputSchema as SchemaInput | undefined) ?? null)
  }

  async function listTools(params?: { cursor?: string }, options?: unknown) {
    const page = await client.listTools(params, options)
    if (params?.cursor === undefined) schemas.clear()
    remember(page.tools)
    return page
  }

  async function outputSchemaOf(name: string, options: unknown): Promise<SchemaInput | undefined> {
    if (!schemas.has(name)) {
      let cursor: string | undefined
      do {
        const page = await client.listTools(cursor === undefined ? undefined : { cursor }, options)
        remember(page.tools)
        cursor = page.nextCursor
      } while (cursor !== undefined && !schemas.has(name))
    }
    return schemas.get(name) ?? undefined
  }

  async function callTool(params: { name: string; arguments?: Record<string, unknown> }, resultSchema?: unknown, options?: unknown) {
    const taskRequired = (client as { isToolTaskRequired?: (name: string) => boolean }).isToolTaskRequired
    if (typeof taskRequired === 'function' && taskRequired.call(client, params.name)) {
      return client.callTool(params, resultSchema, options)
    }
    const result = (await client.request({ method: 'tools/call', params }, resultSchema ?? CALL_TOOL_RESULT, options)) as CallToolResultLike
    const outputSchema = await outputSchemaOf(params.name, options)
    return parseToolOutput(result, { toolName: params.name, outputSchema, trusted })
  }

  return new Proxy(client, {
    get(target, key) {
      if (key === 'callTool') return callTool
      if (key === 'listTools') return listTools
      const value: unknown = Reflect.get(target, key, target)
      if (typeof value !== 'function') return value
      // Bound once per method, so `wrapped.close === wrapped.close` holds.
      let fn = bound.get(value)
      if (fn === undefined) bound.set(value, (fn = value.bind(target)))
      return fn
    },
  })
}
