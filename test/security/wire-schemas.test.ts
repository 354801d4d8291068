/**
 * Schemas from another process (an MCP server's tool and output schemas) compile in untrusted
 * mode at the entry points that take them: `McpJsonSchemaValidator`, `toolsForProvider`,
 * `parseToolCall` given an MCP tool list, `parseToolOutput` and `withValidatedToolOutput`.
 * `trusted: true` opts out. Patterns run on the linear engine when `schemavet/linear-regex` is
 * imported, otherwise on the platform engine, which refuses a pattern the super-linear check
 * flags with a SchemaError naming that entry. Work is counted (units charged), never timed.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SchemaError, UNTRUSTED_LIMITS } from '../../index.ts'
import {
  InvalidToolInputError,
  InvalidToolOutputError,
  McpJsonSchemaValidator,
  parseToolCall,
  parseToolOutput,
  toolsForProvider,
  withValidatedToolOutput,
} from '../../integrations/index.ts'
import type { McpClientLike } from '../../integrations/index.ts'
import { Traversal } from '../../core/evaluator/traversal.ts'
import { regexEngines } from '../../regex/index.ts'

/**
 * 20 `$defs`, each with properties `a` and `b` referring to the next with `default: {}`: 2.4 KB
 * whose defaults fill 2^20 objects.
 */
function exponentialDefaults(levels: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = {}
  for (let i = 0; i < levels; i++) {
    const next = i + 1 < levels ? { $ref: `#/$defs/d${i + 1}`, default: {} } : { default: {} }
    $defs[`d${i}`] = { properties: { a: next, b: next } }
  }
  return { type: 'object', $defs, $ref: '#/$defs/d0' }
}

/** Work units charged while `f` runs (applyDefaults' walk and validation passes), and what it returned or threw. */
function charged(f: () => unknown): { units: number; outcome: unknown } {
  let units = 0
  const charge = Traversal.prototype.charge
  Traversal.prototype.charge = function (this: Traversal, n: number) {
    units += n
    return charge.call(this, n)
  }
  let outcome: unknown
  try {
    outcome = f()
  } catch (e) {
    outcome = e
  } finally {
    Traversal.prototype.charge = charge
  }
  return { units, outcome }
}

/** A client that lists one tool with `outputSchema` and answers every call with `structuredContent: {}`. */
function fakeClient(outputSchema: unknown): McpClientLike {
  return {
    listTools: async () => ({ tools: [{ name: 't', outputSchema }] }),
    callTool: async () => ({ content: [], structuredContent: {} }),
    request: async () => ({ content: [], structuredContent: {} }),
  }
}

const WORK_LIMIT = /maxWork|work budget/

const limits = suite('schemas from the wire compile with the untrusted limits by default')

/** Each entry point on the 20-level schema, as a function of the schema: what it gives (a value, or what it threw). */
const ENTRY_POINTS: Record<string, (schema: Record<string, unknown>, trusted?: boolean) => unknown> = {
  McpJsonSchemaValidator: (s, trusted) => new McpJsonSchemaValidator({ trusted }).getValidator(s)({}),
  'parseToolCall with an MCP tool list': (s, trusted) => parseToolCall({ toolName: 't', input: '{}', tools: [{ name: 't', inputSchema: s }], trusted }),
  'toolsForProvider(...).parse': (s, trusted) => toolsForProvider([{ name: 't', inputSchema: s }], { provider: 'anthropic', trusted }).parse('t', '{}'),
  parseToolOutput: (s, trusted) => parseToolOutput({ content: [], structuredContent: {} }, { toolName: 't', outputSchema: s, trusted }),
}

for (const [name, run] of Object.entries(ENTRY_POINTS)) {
  limits(`${name}: defaults that expand exponentially stop at the work budget`, () => {
    const { units, outcome } = charged(() => run(exponentialDefaults(20)))
    const message = outcome instanceof Error ? outcome.message : (outcome as { errorMessage?: string }).errorMessage
    assert.match(String(message), WORK_LIMIT, `${name} gave ${String(message).slice(0, 200)}`)
    if (name === 'parseToolCall with an MCP tool list' || name === 'toolsForProvider(...).parse') assert.instance(outcome, InvalidToolInputError)
    if (name === 'parseToolOutput') assert.instance(outcome, InvalidToolOutputError)
    // One budget for the defaults walk, which stops there: 2^20 fills would charge several million.
    assert.ok(units <= UNTRUSTED_LIMITS.maxWork + 1000, `${units} units charged`)
    assert.ok(units >= UNTRUSTED_LIMITS.maxWork, `${units} units charged: the budget was not what stopped it`)
  })
}

limits('withValidatedToolOutput: the output schema from listTools stops at the work budget', async () => {
  const wrapped = withValidatedToolOutput(fakeClient(exponentialDefaults(20)))
  const error = await wrapped.callTool({ name: 't' }).then(
    () => undefined,
    (e: unknown) => e,
  )
  assert.instance(error, InvalidToolOutputError)
  assert.match((error as Error).message, WORK_LIMIT)
})

/** A schema nested past the untrusted depth limit: refused unless trusted. */
function deep(levels: number): Record<string, unknown> {
  let s: Record<string, unknown> = { type: 'integer' }
  for (let i = 0; i < levels; i++) s = { type: 'object', properties: { n: s } }
  return s
}

limits('trusted: true compiles as written, past the untrusted limits (every entry point)', () => {
  const s = deep(UNTRUSTED_LIMITS.maxSchemaDepth)
  let data: unknown = 1
  for (let i = 0; i < UNTRUSTED_LIMITS.maxSchemaDepth; i++) data = { n: data }
  const refused = new McpJsonSchemaValidator().getValidator(s)(data)
  assert.equal(refused.valid, false)
  assert.match(String(refused.errorMessage), /maxSchemaDepth/)
  assert.throws(() => parseToolCall({ toolName: 't', input: data, tools: [{ name: 't', inputSchema: deep(UNTRUSTED_LIMITS.maxSchemaDepth) }] }), (e: unknown) => SchemaError.isInstance(e) && /maxSchemaDepth/.test(e.message))
  assert.throws(() => toolsForProvider([{ name: 't', inputSchema: deep(UNTRUSTED_LIMITS.maxSchemaDepth) }], { provider: 'anthropic' }), (e: unknown) => SchemaError.isInstance(e) && /maxSchemaDepth/.test(e.message))
  assert.throws(() => parseToolOutput({ structuredContent: data }, { toolName: 't', outputSchema: deep(UNTRUSTED_LIMITS.maxSchemaDepth) }), (e: unknown) => SchemaError.isInstance(e) && /maxSchemaDepth/.test(e.message))

  assert.equal(new McpJsonSchemaValidator({ trusted: true }).getValidator(s)(data).valid, true)
  assert.equal(parseToolCall({ toolName: 't', input: data, tools: [{ name: 't', inputSchema: s }], trusted: true }), data)
  assert.equal(toolsForProvider([{ name: 't', inputSchema: s }], { provider: 'anthropic', trusted: true }).tools.length, 1)
  assert.equal(parseToolOutput({ structuredContent: data }, { toolName: 't', outputSchema: s, trusted: true }).structuredContent, data)
  // Tools by name are the caller's own: trusted unless asked otherwise.
  assert.equal(parseToolCall({ toolName: 't', input: data, tools: { t: { inputSchema: s } } }), data)
  assert.throws(() => parseToolCall({ toolName: 't', input: data, tools: { t: { inputSchema: deep(UNTRUSTED_LIMITS.maxSchemaDepth) } }, trusted: false }), /maxSchemaDepth/)
})

limits('trusted: true opts out of the budget: the same defaults at 12 and 14 levels charge 4x apart, unstopped', () => {
  const counts = [12, 14].map((levels) => charged(() => new McpJsonSchemaValidator({ trusted: true }).getValidator(exponentialDefaults(levels))({})))
  for (const c of counts) assert.equal((c.outcome as { valid: boolean }).valid, true)
  const [small, large] = counts.map((c) => c.units)
  assert.ok(large! / small! >= 3.5, `${small} then ${large} units: two more levels double the fills twice`)
  // At 20 levels that is 4^3 times the 14-level work again, past the budget the default stops at.
  assert.ok(large! * 4 ** 3 > UNTRUSTED_LIMITS.maxWork, `${large} units at 14 levels`)
})

limits('an MCP tool list: a tool it does not hold names the ones it does', () => {
  assert.throws(
    () => parseToolCall({ toolName: 'x', input: '{}', tools: [{ name: 'a', inputSchema: { type: 'object' } }, { name: 'b', inputSchema: { type: 'object' } }] }),
    /Tool "x" is not available\. Available tools: a, b\./,
  )
})

limits.run()

const patterns = suite('patterns of wire schemas: the linear engine when imported, else the checked platform engine')

/** A pattern the super-linear check flags (nested unbounded quantifiers). */
const FLAGGED = { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } }

/** Runs `f` with the linear engine unregistered, as in a process that never imported `schemavet/linear-regex`. */
function withoutLinear<T>(f: () => T): T {
  const table = regexEngines as Record<string, unknown>
  const linear = table.linear
  assert.ok(linear !== undefined, 'the suites run with the optional entries imported')
  delete table.linear
  try {
    return f()
  } finally {
    table.linear = linear
  }
}

patterns('with schemavet/linear-regex imported, a flagged pattern compiles on the linear engine and matches', () => {
  const v = new McpJsonSchemaValidator().getValidator(FLAGGED)
  assert.equal(v({ s: 'aaa' }).valid, true)
  assert.match(String(v({ s: `${'a'.repeat(40)}b` }).errorMessage), /\/s: /)
  assert.equal(parseToolCall({ toolName: 't', input: { s: 'aa' }, tools: [{ name: 't', inputSchema: structuredClone(FLAGGED) }] }), { s: 'aa' })
})

patterns('without it, a flagged pattern is a SchemaError naming schemavet/linear-regex at every entry point', () => {
  const names = /super-linear.*schemavet\/linear-regex/
  withoutLinear(() => {
    const v = new McpJsonSchemaValidator().getValidator(structuredClone(FLAGGED))
    const r = v({ s: 'aa' })
    assert.equal(r.valid, false)
    assert.match(String(r.errorMessage), names)
    const isRefusal = (e: unknown) => SchemaError.isInstance(e) && names.test(e.message)
    assert.throws(() => parseToolCall({ toolName: 't', input: { s: 'aa' }, tools: [{ name: 't', inputSchema: structuredClone(FLAGGED) }] }), isRefusal)
    assert.throws(() => toolsForProvider([{ name: 't', inputSchema: structuredClone(FLAGGED) }], { provider: 'openai' }), isRefusal)
    assert.throws(() => parseToolOutput({ structuredContent: { s: 'aa' } }, { toolName: 't', outputSchema: structuredClone(FLAGGED) }), isRefusal)
    // A pattern the check does not flag runs on the platform engine.
    const plain = new McpJsonSchemaValidator().getValidator({ type: 'string', pattern: '^[a-z]+$' })
    assert.equal(plain('abc').valid, true)
    assert.equal(plain('ABC').valid, false)
    // Trusted: the platform engine as the caller's own schemas get it (the check only warns).
    assert.equal(new McpJsonSchemaValidator({ trusted: true }).getValidator(structuredClone(FLAGGED))({ s: 'aa' }).valid, true)
  })
})

patterns.run()
