/**
 * MCP tools (a `listTools()` result) sent to a model provider: each input schema converted as the
 * provider accepts it (`schemavet/providers`), the per-request limits checked, and tool calls
 * decoded back to the shape the MCP server expects. Tools whose schemas use `$ref`, open
 * objects or unions are converted, not dropped.
 */
import { checkProviderRequest, compileForProvider } from '../providers/index.ts'
import type { LostConstraint, ProviderOption, ProviderRequestProblem } from '../providers/index.ts'
import { InvalidArgumentError, InvalidToolInputError } from './errors.ts'
import { formatForModel } from './format-for-model.ts'
import { getOwn, sourceOf, toSchema } from './parse-with-defaults.ts'
import type { SchemaInput, WireTrust } from './parse-with-defaults.ts'

/** A tool as MCP lists it (only these fields are read). */
export interface McpToolLike {
  name: string
  description?: string
  inputSchema: SchemaInput
}

/** A tool definition for the provider. */
export interface ProviderToolDefinition {
  name: string
  description?: string
  /** The converted input schema, a fresh object (send it as `parameters` / `input_schema`). */
  inputSchema: Record<string, unknown>
  /** Whether it may be sent with `strict: true`. */
  strict: boolean
  /** Constraints the converted schema does not enforce; `parse` checks them. */
  lost: readonly LostConstraint[]
}

export interface ProviderTools {
  tools: ProviderToolDefinition[]
  /** Per-request limits the set exceeds (`checkProviderRequest`); empty when it fits. */
  problems: ProviderRequestProblem[]
  /**
   * A tool call's input (JSON text or parsed) decoded to the shape the tool's schema describes,
   * defaulted and validated.
   * @throws InvalidToolInputError with `formatForModel` lines on the original paths
   * @throws InvalidArgumentError for a tool not in the set
   */
  parse(toolName: string, input: unknown, toolCallId?: string): unknown
}

/** Options of `toolsForProvider`. */
export interface ToolsForProviderOptions extends WireTrust {
  provider: ProviderOption
}

/**
 * Converts MCP tools for `provider`; compiles every input schema now (a malformed one throws
 * SchemaError). The schemas come from an MCP server, so raw ones compile in untrusted mode (its
 * limits, and patterns as `McpJsonSchemaValidator` runs them) unless `trusted: true`; a schemavet
 * `Schema` is used as compiled.
 */
export function toolsForProvider(tools: readonly McpToolLike[], options: ToolsForProviderOptions): ProviderTools {
  const source = sourceOf(options)
  const byName: Record<string, ReturnType<typeof compileForProvider>> = Object.create(null)
  const out: ProviderToolDefinition[] = []
  for (const t of tools) {
    const p = compileForProvider(toSchema(t.inputSchema, source), options)
    byName[t.name] = p
    out.push({ name: t.name, ...(t.description === undefined ? {} : { description: t.description }), inputSchema: p.schema, strict: p.strict, lost: p.lost })
  }
  const problems = checkProviderRequest(
    tools.map((t) => ({ name: t.name, inputSchema: toSchema(t.inputSchema, source) })),
    options,
  )
  return {
    tools: out,
    problems,
    parse(toolName, input, toolCallId) {
      const p = getOwn(byName, toolName)
      if (p === undefined) {
        throw new InvalidArgumentError({ parameter: 'toolName', value: toolName, entityName: toolName, message: `Tool "${toolName}" is not available. Available tools: ${Object.keys(byName).join(', ') || 'none'}.` })
      }
      let value = input
      if (typeof input === 'string') {
        try {
          value = input.trim() === '' ? {} : JSON.parse(input)
        } catch (e) {
          throw new InvalidToolInputError({ toolName, toolInput: input, toolCallId, cause: e, message: `$: the input is not valid JSON (${(e as Error).message})` })
        }
      }
      const r = p.decode(value)
      if (r.success) return r.value
      throw new InvalidToolInputError({ toolName, toolInput: input, toolCallId, cause: r.error, message: formatForModel(r.error) })
    },
  }
}
