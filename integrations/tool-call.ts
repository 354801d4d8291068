/**
 * Tool calls from a model: the input arrives as JSON text (or an already parsed value), is
 * defaulted and checked against the tool's input schema with every problem collected, and a
 * rejection reads as instructions the model can follow on its next try.
 */
import { ValidationError } from '../api.ts'
import type { SchemaOutput } from '../api.ts'
import { compileForProvider } from '../providers/index.ts'
import type { ProviderOption } from '../providers/index.ts'
import { parseModelOutput } from '../repair/index.ts'
import type { RepairRecord, RepairSetting } from '../repair/index.ts'
import { InvalidArgumentError, InvalidToolInputError } from './errors.ts'
import { formatForModel } from './format-for-model.ts'
import { getOwn, parseWithDefaults, toSchema } from './parse-with-defaults.ts'
import type { SchemaInput, SchemaSource } from './parse-with-defaults.ts'

/** A tool as the integrations see it: the schemas of its input and, optionally, its output. */
export interface ToolSchemas {
  inputSchema: SchemaInput
  outputSchema?: SchemaInput
}

/** Tools by name (AI SDK `tools` objects fit: only `inputSchema` / `outputSchema` are read). */
export type ToolSchemaSet = Readonly<Record<string, ToolSchemas>>

/** An MCP tool list, as `listTools()` gives it in `tools`: only `name` and `inputSchema` are read. */
export type McpToolList = ReadonlyArray<{ readonly name: string; readonly inputSchema: SchemaInput }>

/**
 * The tool named `toolName` (own properties only).
 * @throws InvalidArgumentError (parameter `toolName`) naming the available tools when there is none
 */
export function requireTool(tools: ToolSchemaSet, toolName: string): ToolSchemas {
  const tool = getOwn(tools, toolName)
  if (tool === undefined) {
    const names = Object.keys(tools)
    throw new InvalidArgumentError({
      parameter: 'toolName',
      value: toolName,
      entityName: toolName,
      message: `Tool "${toolName}" is not available. ${names.length === 0 ? 'No tools are available.' : `Available tools: ${names.join(', ')}.`}`,
    })
  }
  return tool
}

/**
 * The tool named `toolName` in an MCP tool list (the first with that name).
 * @throws InvalidArgumentError (parameter `toolName`) naming the available tools when there is none
 */
function requireListedTool(tools: McpToolList, toolName: string): { inputSchema: SchemaInput } {
  const names: string[] = []
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]
    if (typeof tool !== 'object' || tool === null) continue
    if (tool.name === toolName) return tool
    names.push(String(tool.name))
  }
  throw new InvalidArgumentError({
    parameter: 'toolName',
    value: toolName,
    entityName: toolName,
    message: `Tool "${toolName}" is not available. ${names.length === 0 ? 'No tools are available.' : `Available tools: ${names.join(', ')}.`}`,
  })
}

/**
 * What `parseToolCall` returns for the tool `N` of `Tools`: the output type of its input schema
 * (`SchemaOutput`) where the name is one of the set's (a literal, or a union of them); `unknown`
 * for a name known only as `string`, as a model's tool call names it.
 */
export type ToolInput<Tools, N extends string> = N extends keyof Tools ? (Tools[N] extends { inputSchema: infer S } ? SchemaOutput<S> : unknown) : unknown

/** Options of `parseToolCall`. */
export interface ParseToolCallOptions<Tools extends ToolSchemaSet | McpToolList = ToolSchemaSet, N extends string = string> {
  toolName: N
  /** The input: JSON text as the model produced it, or a parsed value. Empty text means `{}`. */
  input: unknown
  /**
   * The tools: by name (your own code's, as AI SDK `tools` objects), or an MCP tool list (the
   * `tools` of a `listTools()` result, an array), whose schemas come from the MCP server.
   */
  tools: Tools
  /**
   * Whether raw schemas in `tools` are compiled as your own code's, without the limits of
   * untrusted mode. Default: false for an MCP tool list (its schemas come from another process,
   * so they compile in untrusted mode, patterns as `McpJsonSchemaValidator` runs them), true for
   * tools by name. A schemavet `Schema` is used as compiled either way.
   */
  trusted?: boolean
  /** Recorded on the error, when known. */
  toolCallId?: string
  /**
   * The tool's schema was sent as this provider accepts it (`compileForProvider`, or
   * `toolsForProvider`): the input is decoded back to the original shape first, and problems
   * name the original paths. Repair (below) reads the original shape, so it does not apply then.
   */
  provider?: ProviderOption
  /**
   * Repair of text input with `parseModelOutput` (fences, syntax slips, unambiguous coercions by
   * the input schema): default `'none'`, the input is taken as `JSON.parse` reads it, because a
   * tool call acts; `'all'` or an object of kinds turns repair on.
   */
  repair?: RepairSetting
  /** Called with what repair changed, when it changed something (besides filling in defaults). */
  onRepairs?: (repairs: RepairRecord[]) => void
}

/**
 * Parses, defaults and validates the input of a model's tool call. Returns the defaulted copy of
 * the input (a string input is parsed first; empty or blank text counts as `{}`, as models send
 * for tools without parameters). The caller's value is never mutated. With `repair`, text input
 * goes through `parseModelOutput` first (`onRepairs` hears what changed).
 *
 * @throws InvalidToolInputError when the text is not JSON (`cause`: the `SyntaxError`) or the
 *   input does not match (`cause`: the `ValidationError`, every problem up to 20 when the schema
 *   is a raw document). Its `message` is `formatForModel(cause)`: one line per problem, meant to
 *   be sent back to the model as the tool result.
 * @throws InvalidArgumentError when no tool has that name
 *
 * Statically, the result is the tool's input type (`ToolInput`) where `toolName` is a literal
 * naming a tool of `tools` and its schema is typed (or a raw schema literal); `unknown` otherwise.
 */
export function parseToolCall<const Tools extends ToolSchemaSet | McpToolList, N extends string>(options: ParseToolCallOptions<Tools, N>): ToolInput<Tools, N>
export function parseToolCall(options: ParseToolCallOptions<ToolSchemaSet | McpToolList>): unknown {
  const { toolName, input, toolCallId } = options
  const list = options.tools
  const fromList = Array.isArray(list)
  const source: SchemaSource = (options.trusted ?? !fromList) ? 'local' : 'wire'
  const found = fromList ? requireListedTool(list as McpToolList, toolName) : requireTool(list as ToolSchemaSet, toolName)
  // Compiled once here (cached per object and source), so every path below uses the same compile.
  const tool: ToolSchemas = { inputSchema: toSchema(found.inputSchema, source) }
  let value = input
  if (options.provider === undefined && typeof input === 'string' && input.trim() !== '' && options.repair !== undefined && options.repair !== 'none') {
    return repairToolInput(tool, toolName, input, toolCallId, options.repair, options.onRepairs)
  }
  if (typeof input === 'string') {
    if (input.trim() === '') value = {}
    else {
      try {
        value = JSON.parse(input)
      } catch (e) {
        throw new InvalidToolInputError({
          toolName,
          toolInput: input,
          toolCallId,
          cause: e,
          message: `$: the input is not valid JSON (${(e as Error).message}); send one JSON value that matches the tool's input schema`,
        })
      }
    }
  }
  if (options.provider !== undefined) {
    const r = compileForProvider(toSchema(tool.inputSchema), { provider: options.provider }).decode(value)
    if (r.success) return r.value
    throw new InvalidToolInputError({ toolName, toolInput: input, toolCallId, cause: r.error, message: formatForModel(r.error) })
  }
  return checkToolInput(tool, toolName, value, input, toolCallId, '')
}

/** `parseToolCall` with repair on: the repaired, defaulted value, or the error it would throw anyway. */
function repairToolInput(
  tool: ToolSchemas,
  toolName: string,
  input: string,
  toolCallId: string | undefined,
  setting: RepairSetting,
  onRepairs: ((repairs: RepairRecord[]) => void) | undefined,
): unknown {
  const r = parseModelOutput(input, toSchema(tool.inputSchema), { repairs: setting })
  if (r.success) {
    if (onRepairs !== undefined && r.repairs.some((x) => x.kind !== 'default')) onRepairs(r.repairs)
    return r.value
  }
  if (!ValidationError.isInstance(r.error)) {
    throw new InvalidToolInputError({
      toolName,
      toolInput: input,
      toolCallId,
      cause: r.error,
      message: `$: the input is not valid JSON (${r.error.message}); send one JSON value that matches the tool's input schema`,
    })
  }
  throw new InvalidToolInputError({ toolName, toolInput: input, toolCallId, cause: r.error, message: formatForModel(r.error, { value: r.value }) })
}

/**
 * Defaults and validates a tool's (parsed) input: the defaulted copy, or an
 * `InvalidToolInputError` whose message is `heading` then `formatForModel`'s lines. `raw` is the
 * input as received, recorded on the error.
 */
export function checkToolInput(
  tool: ToolSchemas,
  toolName: string,
  value: unknown,
  raw: unknown,
  toolCallId: string | undefined,
  heading: string,
): unknown {
  const result = parseWithDefaults(tool.inputSchema, value, { field: 'input', entityName: toolName, entityId: toolCallId })
  if (result.success) return result.value
  throw new InvalidToolInputError({
    toolName,
    toolInput: raw,
    toolCallId,
    cause: result.validationError,
    message: heading + formatForModel(result.validationError, { value }),
  })
}
