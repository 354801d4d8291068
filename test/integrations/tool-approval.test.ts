/**
 * Tool approval: an approved call is defaulted and validated again before it runs.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ValidationError } from '../../api.ts'
import { InvalidArgumentError, InvalidToolInputError, collectApprovedToolCalls, revalidateApprovedToolCall } from '../../integrations/index.ts'
import type { UIMessageLike } from '../../integrations/index.ts'

const transfer = {
  type: 'object',
  properties: { to: { type: 'string' }, amount: { type: 'number', exclusiveMinimum: 0 }, currency: { enum: ['EUR', 'NOK'], default: 'EUR' } },
  required: ['to', 'amount', 'currency'],
  additionalProperties: false,
}
const tools = { transfer: { inputSchema: transfer } }

const revalidate = suite('revalidateApprovedToolCall checks an approved call against the current schema')

revalidate('passes input missing a defaulted required property, with the default filled in', () => {
  const input = { to: 'ann', amount: 5 }
  const before = structuredClone(input)
  assert.equal(revalidateApprovedToolCall({ toolName: 'transfer', input, tools }), { to: 'ann', amount: 5, currency: 'EUR' })
  assert.equal(input, before, 'the input is not mutated')
})

revalidate('rejects input missing a required property without a default, naming the tool and call', () => {
  const input = { to: 'ann' }
  const before = structuredClone(input)
  assert.throws(
    () => revalidateApprovedToolCall({ toolName: 'transfer', input, tools, toolCallId: 'call-9' }),
    (e: unknown) =>
      InvalidToolInputError.isInstance(e) &&
      e.toolName === 'transfer' &&
      e.toolCallId === 'call-9' &&
      ValidationError.isInstance(e.cause) &&
      e.message.startsWith('Invalid input for approved call of tool "transfer" (call-9):\n$: must have required property "amount" (got {'),
  )
  assert.equal(input, before)
})

revalidate('rejects a tool that no longer exists', () => {
  assert.throws(() => revalidateApprovedToolCall({ toolName: 'wire', input: {}, tools }), (e: unknown) => InvalidArgumentError.isInstance(e) && e.parameter === 'toolName')
})

function part(toolCallId: string, state: string, input: unknown, approval?: Record<string, unknown>) {
  return { type: 'tool-transfer', toolCallId, state, input, ...(approval === undefined ? {} : { approval }) }
}

const collect = suite('collectApprovedToolCalls finds approved calls in a history and revalidates each')

collect('returns approved calls with defaulted input and rejected ones with error text', () => {
  const messages: UIMessageLike[] = [
    { id: 'u', role: 'user', parts: [{ type: 'text', text: 'pay ann and bob' }] },
    {
      id: 'a',
      role: 'assistant',
      parts: [
        part('c1', 'approval-responded', { to: 'ann', amount: 5 }, { id: 'p1', approved: true }),
        part('c2', 'approval-responded', { to: 'bob', amount: -1, currency: 'NOK' }, { id: 'p2', approved: true }),
        part('c3', 'approval-responded', { to: 'eve', amount: 9 }, { id: 'p3', approved: false, reason: 'no' }),
        part('c4', 'approval-requested', { to: 'dan', amount: 2 }, { id: 'p4' }),
        { type: 'dynamic-tool', toolName: 'refund', toolCallId: 'c5', state: 'approval-responded', input: {}, approval: { id: 'p5', approved: true } },
        { type: 'text', text: 'waiting' },
      ],
    },
  ]
  const before = structuredClone(messages)
  const { approved, rejected } = collectApprovedToolCalls({ messages, tools })
  assert.equal(approved, [{ toolCallId: 'c1', toolName: 'transfer', input: { to: 'ann', amount: 5, currency: 'EUR' } }])
  assert.equal(rejected, [
    { toolCallId: 'c2', toolName: 'transfer', errorText: 'Invalid input for approved call of tool "transfer" (c2):\n$.amount: must be greater than 0 (got -1)' },
    { toolCallId: 'c5', toolName: 'refund', errorText: 'Tool "refund" is not available. Available tools: transfer.' },
  ])
  assert.equal(messages, before, 'the messages are not mutated')
})

collect('rejects a call missing a required property without a default', () => {
  const messages: UIMessageLike[] = [{ id: 'a', role: 'assistant', parts: [part('c1', 'approval-responded', { amount: 1 }, { id: 'p', approved: true })] }]
  const { approved, rejected } = collectApprovedToolCalls({ messages, tools })
  assert.equal(approved, [])
  assert.equal(rejected.map((r) => r.errorText), ['Invalid input for approved call of tool "transfer" (c1):\n$: must have required property "to" (got {"amount":1,"currency":"EUR"})'])
})

collect('rejects messages that are not an array', () => {
  assert.throws(() => collectApprovedToolCalls({ messages: {} as never, tools }), (e: unknown) => InvalidArgumentError.isInstance(e) && e.parameter === 'messages')
})

revalidate.run()
collect.run()
