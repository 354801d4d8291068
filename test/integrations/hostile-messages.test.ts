/**
 * Tool approval and UI messages on messages that cannot be read or answer anew: an
 * InvalidArgumentError naming the place, never a raw TypeError; each field read once; holes of
 * sparse arrays reported; the result never shares a part object with the input.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { InvalidArgumentError, collectApprovedToolCalls, validateUIMessages } from '../../integrations/index.ts'
import type { UIMessageLike } from '../../integrations/index.ts'

const tools = { transfer: { inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] } } }
const approvedPart = () => ({ type: 'tool-transfer', toolCallId: 'c1', state: 'approval-responded', input: { to: 'ann' }, approval: { id: 'p', approved: true } })

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}
const throwing = (base: Record<string, unknown>, key: string) =>
  Object.defineProperty({ ...base }, key, {
    enumerable: true,
    get() {
      throw new TypeError(`cannot read ${key}`)
    },
  })

const collect = suite('collectApprovedToolCalls on unreadable messages')

collect('a revoked Proxy or a throwing getter anywhere is an InvalidArgumentError naming the field, never a raw TypeError', () => {
  const cases: [string, unknown, string][] = [
    ['messages revoked', revoked(), 'messages'],
    ['message revoked', [revoked()], 'messages[0]'],
    ['parts getter', [throwing({ id: 'a', role: 'assistant' }, 'parts')], 'messages[0]'],
    ['parts revoked', [{ id: 'a', role: 'assistant', parts: revoked() }], 'messages[0]'],
    ['part revoked', [{ id: 'a', role: 'assistant', parts: [revoked()] }], 'messages[0].parts[0]'],
    ['type getter', [{ id: 'a', role: 'assistant', parts: [throwing(approvedPart(), 'type')] }], 'messages[0].parts[0]'],
    ['approval getter', [{ id: 'a', role: 'assistant', parts: [throwing(approvedPart(), 'approval')] }], 'messages[0].parts[0]'],
    ['approved getter', [{ id: 'a', role: 'assistant', parts: [{ ...approvedPart(), approval: throwing({ id: 'p' }, 'approved') }] }], 'messages[0].parts[0]'],
    ['approval revoked', [{ id: 'a', role: 'assistant', parts: [{ ...approvedPart(), approval: revoked() }] }], 'messages[0].parts[0]'],
  ]
  for (const [name, messages, field] of cases) {
    try {
      collectApprovedToolCalls({ messages: messages as UIMessageLike[], tools })
      assert.unreachable(`${name}: no error`)
    } catch (e) {
      assert.ok(InvalidArgumentError.isInstance(e), `${name}: ${(e as Error).name}: ${(e as Error).message}`)
      assert.is((e as InvalidArgumentError).field, field, name)
    }
  }
})

collect('each field of a part is read once: a getter that answers anew cannot pass the check with one id and run with another', () => {
  const reads: Record<string, number> = {}
  let ids = 0
  const part: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(approvedPart())) {
    Object.defineProperty(part, k, {
      enumerable: true,
      get: () => {
        reads[k] = (reads[k] ?? 0) + 1
        return k === 'toolCallId' ? `c${++ids}` : v
      },
    })
  }
  const r = collectApprovedToolCalls({ messages: [{ id: 'a', role: 'assistant', parts: [part as never] }], tools })
  assert.equal(r.approved.map((c) => c.toolCallId), ['c1'])
  for (const k of ['type', 'state', 'toolCallId', 'approval', 'input']) assert.is(reads[k], 1, `${k} read ${reads[k]} times`)
})

collect('holes and values that are not messages are passed over', () => {
  // eslint-disable-next-line no-sparse-arrays
  const messages = [, null, 3, { id: 'a', role: 'assistant', parts: [, approvedPart()] }] as unknown as UIMessageLike[]
  assert.equal(collectApprovedToolCalls({ messages, tools }).approved, [{ toolCallId: 'c1', toolName: 'transfer', input: { to: 'ann' } }])
})

collect.run()

const ui = suite('validateUIMessages on sparse arrays and unknown parts')

ui('a hole in messages or in parts is a missing message or part, not skipped', () => {
  // eslint-disable-next-line no-sparse-arrays
  const sparseMessages = [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }, , { id: 'v', role: 'user', parts: [{ type: 'text', text: 'x' }] }]
  assert.throws(() => validateUIMessages({ messages: sparseMessages }), (e: unknown) => InvalidArgumentError.isInstance(e) && e.field === 'messages[1]')
  // eslint-disable-next-line no-sparse-arrays
  const sparseParts = [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }, , { type: 'text', text: 'x' }] }]
  assert.throws(() => validateUIMessages({ messages: sparseParts }), (e: unknown) => InvalidArgumentError.isInstance(e) && e.field === 'messages[0].parts[1]')
})

ui('a part of an unknown type comes back as a new object, and changing the result leaves the input as it was', () => {
  const custom = { type: 'custom', kind: 'x' }
  const messages = [{ id: 'a', role: 'assistant', parts: [custom] }]
  const out = validateUIMessages({ messages })
  assert.is.not(out[0]!.parts[0], custom)
  out[0]!.parts[0]!.kind = 'changed'
  assert.is(custom.kind, 'x')
})

ui('a part read once: a getter answering anew is read one time and the checked value is the one returned', () => {
  let reads = 0
  const part = Object.defineProperty({ type: 'text' }, 'text', { enumerable: true, get: () => (reads++ === 0 ? 'hello' : 42) })
  const out = validateUIMessages({ messages: [{ id: 'u', role: 'user', parts: [part] }] })
  assert.is(out[0]!.parts[0]!.text, 'hello')
  assert.is(reads, 1)
})

ui.run()
