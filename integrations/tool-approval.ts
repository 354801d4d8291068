/**
 * Tool approval: between the model proposing a call and a person approving it, the input may
 * have been stored, edited or replayed, and the tool's schema may have changed. So an approved
 * call is defaulted and validated again right before it runs, and the defaulted input is what
 * runs.
 */
import { InvalidArgumentError, InvalidToolInputError } from './errors.ts'
import { checkToolInput, requireTool } from './tool-call.ts'
import type { ToolSchemaSet } from './tool-call.ts'
import { toolNameOfPart } from './ui-messages.ts'
import type { UIMessageLike, UIMessagePartLike } from './ui-messages.ts'

/** Options of `revalidateApprovedToolCall`. */
export interface RevalidateApprovedToolCallOptions {
  toolName: string
  /** The input as approved. */
  input: unknown
  tools: ToolSchemaSet
  /** Recorded on the error, when known. */
  toolCallId?: string
}

/**
 * Defaults and validates the input of an approved tool call against the tool's current input
 * schema. Returns the defaulted copy, which is what should be executed; `input` is never mutated.
 *
 * @throws InvalidToolInputError when the input no longer matches (`cause`: the `ValidationError`;
 *   the message lists each problem as `formatForModel` does)
 * @throws InvalidArgumentError when no tool has that name
 */
export function revalidateApprovedToolCall(options: RevalidateApprovedToolCallOptions): unknown {
  const { toolName, input, toolCallId } = options
  const tool = requireTool(options.tools, toolName)
  const heading = `Invalid input for approved call of tool "${toolName}"${toolCallId === undefined ? '' : ` (${toolCallId})`}:\n`
  return checkToolInput(tool, toolName, input, input, toolCallId, heading)
}

/** An approved call whose input still matches: run it with `input` (defaulted). */
export interface ApprovedToolCall {
  toolCallId: string
  toolName: string
  input: unknown
}

/** An approved call that must not run: report `errorText` as its tool result. */
export interface RejectedToolCall {
  toolCallId: string
  toolName: string
  errorText: string
}

/** Options of `collectApprovedToolCalls`. */
export interface CollectApprovedToolCallsOptions {
  messages: readonly UIMessageLike[]
  tools: ToolSchemaSet
}

/**
 * Finds the tool parts (`tool-<name>` and `dynamic-tool`) in state `approval-responded` with
 * `approval.approved === true` across `messages`, in order, and revalidates each with
 * `revalidateApprovedToolCall`. A call whose input matches goes to `approved` with its defaulted
 * input; one whose input does not (or whose tool is gone) goes to `rejected` with the error's
 * message as `errorText`. Denied and pending approvals, holes and values that are not messages
 * or parts are not returned. Each field of a message and part is read once (a getter that
 * answers anew cannot pass one check and run with another value). `messages` is not mutated.
 *
 * @throws InvalidArgumentError when `messages` is not an array, or a message or part cannot be
 *   read (a revoked Proxy, a getter that throws); `field` names the place
 */
export function collectApprovedToolCalls(options: CollectApprovedToolCallsOptions): { approved: ApprovedToolCall[]; rejected: RejectedToolCall[] } {
  const { messages, tools } = options
  const length = read('messages', messages, () => (Array.isArray(messages) ? messages.length : -1))
  if (length < 0) {
    throw new InvalidArgumentError({ parameter: 'messages', value: messages, message: 'messages must be an array of UI messages' })
  }
  const approved: ApprovedToolCall[] = []
  const rejected: RejectedToolCall[] = []
  for (let i = 0; i < length; i++) {
    const field = `messages[${i}]`
    const parts = read(field, messages, () => {
      const message = (messages as readonly unknown[])[i]
      if (typeof message !== 'object' || message === null) return undefined
      const list = (message as { parts?: unknown }).parts
      return Array.isArray(list) ? { list: list as readonly unknown[], length: list.length } : undefined
    })
    if (parts === undefined) continue
    for (let j = 0; j < parts.length; j++) {
      const call = read(`${field}.parts[${j}]`, messages, () => approvedCall(parts.list[j]))
      if (call === undefined) continue
      const { toolName, toolCallId, input } = call
      try {
        approved.push({ toolCallId, toolName, input: revalidateApprovedToolCall({ toolName, input, tools, toolCallId }) })
      } catch (e) {
        if (!InvalidToolInputError.isInstance(e) && !InvalidArgumentError.isInstance(e)) throw e
        rejected.push({ toolCallId, toolName, errorText: e.message })
      }
    }
  }
  return { approved, rejected }
}

/** `f()`, or an InvalidArgumentError naming `field` when reading the messages throws. */
function read<T>(field: string, messages: unknown, f: () => T): T {
  try {
    return f()
  } catch (e) {
    throw new InvalidArgumentError({
      parameter: 'messages',
      value: messages,
      field,
      cause: e,
      message: `Invalid UI message at ${field}: it could not be read (${e instanceof Error ? e.message : String(e)})`,
    })
  }
}

/** The approved call a part holds, each field read once; undefined for any other part. */
function approvedCall(part: unknown): { toolName: string; toolCallId: string; input: unknown } | undefined {
  if (typeof part !== 'object' || part === null) return undefined
  const p = part as UIMessagePartLike
  const type = p.type
  if (typeof type !== 'string' || p.state !== 'approval-responded') return undefined
  const toolCallId = p.toolCallId
  if (typeof toolCallId !== 'string') return undefined
  const approval = p.approval as { approved?: unknown } | undefined
  if (typeof approval !== 'object' || approval === null || approval.approved !== true) return undefined
  const toolName = toolNameOfPart(type === 'dynamic-tool' ? { type, toolName: p.toolName } : { type })
  if (toolName === undefined) return undefined
  return { toolName, toolCallId, input: p.input }
}
