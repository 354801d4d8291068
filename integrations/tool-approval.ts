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
 * message as `errorText`. Denied and pending approvals are not returned. `messages` is not mutated.
 *
 * @throws InvalidArgumentError when `messages` is not an array
 */
export function collectApprovedToolCalls(options: CollectApprovedToolCallsOptions): { approved: ApprovedToolCall[]; rejected: RejectedToolCall[] } {
  const { messages, tools } = options
  if (!Array.isArray(messages)) {
    throw new InvalidArgumentError({ parameter: 'messages', value: messages, message: 'messages must be an array of UI messages' })
  }
  const approved: ApprovedToolCall[] = []
  const rejected: RejectedToolCall[] = []
  for (const message of messages) {
    if (!Array.isArray(message?.parts)) continue
    for (const part of message.parts as unknown[]) {
      if (!isApprovedPart(part)) continue
      const toolName = toolNameOfPart(part)
      if (toolName === undefined) continue
      const toolCallId = part.toolCallId as string
      try {
        approved.push({ toolCallId, toolName, input: revalidateApprovedToolCall({ toolName, input: part.input, tools, toolCallId }) })
      } catch (e) {
        if (!InvalidToolInputError.isInstance(e) && !InvalidArgumentError.isInstance(e)) throw e
        rejected.push({ toolCallId, toolName, errorText: e.message })
      }
    }
  }
  return { approved, rejected }
}

function isApprovedPart(part: unknown): part is UIMessagePartLike {
  if (typeof part !== 'object' || part === null) return false
  const p = part as UIMessagePartLike
  if (typeof p.type !== 'string' || p.state !== 'approval-responded' || typeof p.toolCallId !== 'string') return false
  const approval = p.approval as { approved?: unknown } | undefined
  return typeof approval === 'object' && approval !== null && approval.approved === true
}
