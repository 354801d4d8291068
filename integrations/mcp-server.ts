/**
 * Structured tool output on the server side of MCP. The MCP SDK v2 `McpServer`
 * (`@modelcontextprotocol/server`) checks a tool's `structuredContent` with its output schema's
 * Standard Schema `validate` (which for a schemavet schema fills in defaults), then sends the
 * handler's own value, not the validated one. A client that is not schemavet (the SDK v1 client,
 * which uses ajv) then rejects `{ "city": "Oslo" }` against the advertised `outputSchema` whose
 * `required` names a defaulted field. These functions make the server send what it checked.
 *
 * The SDK is typed structurally here: it is not a dependency of schemavet.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { isSchema, parseWithDefaults } from './parse-with-defaults.ts'
import type { SchemaInput } from './parse-with-defaults.ts'

/** An output schema: a schemavet `Schema`, a raw JSON Schema, or any Standard Schema (Zod, ...). */
export type ToolOutputSchema = SchemaInput | StandardSchemaV1

/** A tool handler's result: `{ content, structuredContent?, isError? }` (other fields are kept). */
export interface ToolResultLike {
  content?: ReadonlyArray<{ type: string; text?: string; [key: string]: unknown }>
  structuredContent?: unknown
  isError?: boolean
  [key: string]: unknown
}

const hasStandard = (value: unknown): value is StandardSchemaV1 =>
  typeof value === 'object' && value !== null && typeof (value as Partial<StandardSchemaV1>)['~standard']?.validate === 'function'

/**
 * The value `schema` validates `data` to (a schemavet schema: the defaulted copy; a Zod schema:
 * its parsed output), or `undefined` when `data` is invalid.
 */
async function validatedValue(schema: ToolOutputSchema, data: unknown): Promise<{ value: unknown } | undefined> {
  if (hasStandard(schema) && !isSchema(schema)) {
    const result = await schema['~standard'].validate(data)
    return result.issues === undefined ? { value: result.value } : undefined
  }
  const parsed = parseWithDefaults(schema as SchemaInput, data, { field: 'structuredContent' })
  return parsed.success ? { value: parsed.value } : undefined
}

/**
 * Wraps a tool handler so its result goes out with `structuredContent` replaced by the value the
 * output schema validates it to: for a schemavet schema, the copy with defaults filled in. A
 * `text` content item that was exactly `JSON.stringify(structuredContent)` (the SDK examples'
 * pattern, for clients that read text) is rewritten from the new value too; other content stays
 * as the handler wrote it. The handler's result is never mutated: a shallow copy is returned.
 *
 * Passed through unchanged: results with `isError`, results without `structuredContent`, and
 * output the schema rejects (the SDK's own check then reports it as usual). Allocates the
 * defaulted copy on each call.
 *
 * @param outputSchema the same schema given as the tool's `outputSchema`
 * @param handler the tool callback, with whatever arguments the SDK passes it
 */
export function defaultToolOutput<A extends unknown[], R>(outputSchema: ToolOutputSchema, handler: (...args: A) => R | Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A): Promise<R> => {
    const result = await handler(...args)
    if (typeof result !== 'object' || result === null) return result
    const r = result as ToolResultLike
    if (r.isError === true || r.structuredContent === undefined) return result
    const checked = await validatedValue(outputSchema, r.structuredContent)
    if (checked === undefined) return result
    let content = r.content
    if (Array.isArray(content)) {
      let before: string | undefined
      try {
        before = JSON.stringify(r.structuredContent)
      } catch {
        before = undefined
      }
      if (before !== undefined) {
        const after = JSON.stringify(checked.value)
        content = content.map((item) => (item.type === 'text' && item.text === before ? { ...item, text: after } : item))
      }
    }
    return { ...r, ...(content === undefined ? {} : { content }), structuredContent: checked.value } as R
  }
}

/** The parts of an MCP SDK v2 `McpServer` the wrapper uses. */
export interface McpServerLike {
  registerTool(name: string, config: { outputSchema?: unknown; [key: string]: unknown }, handler: (...args: any[]) => unknown): unknown
}

/**
 * Wraps an MCP SDK v2 `McpServer` so every tool registered through the wrapper with an
 * `outputSchema` sends the validated value of its `structuredContent` (defaults filled in), as
 * `defaultToolOutput` does for one handler. Everything else is the server itself: the wrapper is
 * a `Proxy` whose other members are the server's, bound to it. The server is not modified;
 * tools registered on it directly keep the SDK's behaviour (they send what the handler returned).
 */
export function withDefaultedToolOutput<S extends McpServerLike>(server: S): S {
  const bound = new WeakMap<object, unknown>()
  function registerTool(name: string, config: { outputSchema?: unknown; [key: string]: unknown }, handler: (...args: any[]) => unknown) {
    const schema = config?.outputSchema
    const wrapped = schema === undefined || typeof handler !== 'function' ? handler : defaultToolOutput(schema as ToolOutputSchema, handler)
    return server.registerTool(name, config, wrapped)
  }
  return new Proxy(server, {
    get(target, key) {
      if (key === 'registerTool') return registerTool
      const value: unknown = Reflect.get(target, key, target)
      if (typeof value !== 'function') return value
      let fn = bound.get(value)
      if (fn === undefined) bound.set(value, (fn = value.bind(target)))
      return fn
    },
  })
}
