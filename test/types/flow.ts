/**
 * Types flowing from a typed schema through the functions outside the core (checked by
 * `tsc --noEmit` in `npm test`; never executed): `parseModelOutput`, `parseWithDefaults`,
 * `compileForProvider(...).decode`, `parseToolCall` and `applyThenValidate` give the schema's
 * output type (defaults applied), `applyDefaults` refuses a value of the wrong type, and each
 * keeps an honest `unknown` where nothing is known. Exact `Equal` checks and `@ts-expect-error`
 * negatives (a negative that stops failing fails the build: the directive is then unused).
 */
import { applyDefaults, applyThenValidate, createKernel, newJSONSchema, parseModelOutput } from '../../index.ts'
import type { SchemaOutput } from '../../index.ts'
import { parseToolCall, parseWithDefaults } from '../../integrations/index.ts'
import type { ToolInput } from '../../integrations/index.ts'
import { compileForProvider } from '../../providers/index.ts'
import type { Equal, Expect } from './equal.ts'

const trip = newJSONSchema({
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    days: { type: 'integer', minimum: 1, default: 3 },
    units: { enum: ['metric', 'imperial'], default: 'metric' },
    note: { type: 'string' },
  },
  required: ['city', 'days'],
})
/** The output side: every property with a default present. */
type Trip = { city: string; days: number; units: 'metric' | 'imperial'; note?: string }
/** A raw JSON Schema document, as the integrations also take (compiled once, cached). */
const rawPoint = { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number', default: 0 } }, required: ['x'] } as const
type Point = { x: number; y: number }
/** Schemas with no static type: a value typed loosely, and a document from JSON. */
declare const looseDocument: Record<string, unknown>
const untyped = newJSONSchema(JSON.parse('{"type":"object"}'))

type Success<R> = R extends { success: true; value: infer V } ? V : never

export type SchemaOutputs = [
  Expect<Equal<SchemaOutput<typeof trip>, Trip>>,
  Expect<Equal<SchemaOutput<typeof rawPoint>, Point>>,
  Expect<Equal<SchemaOutput<typeof untyped>, unknown>>,
  Expect<Equal<SchemaOutput<typeof looseDocument>, unknown>>,
  Expect<Equal<SchemaOutput<boolean>, unknown>>,
  Expect<Equal<SchemaOutput<any>, unknown>>,
]

export function parseModelOutputIsTyped(text: string): void {
  const r = parseModelOutput(text, trip)
  type _typed = Expect<Equal<Success<typeof r>, Trip>>
  if (r.success) {
    const days: number = r.value.days
    // @ts-expect-error the output has no `country`
    void r.value.country
    void days
  } else {
    // A failure's value is whatever was read, so it stays unknown.
    type _failure = Expect<Equal<typeof r.value, unknown>>
  }
  const inline = parseModelOutput(text, { type: 'array', items: { type: 'string' } })
  type _inline = Expect<Equal<Success<typeof inline>, string[]>>
  const raw = parseModelOutput(text, rawPoint)
  type _raw = Expect<Equal<Success<typeof raw>, Point>>
  const loose = parseModelOutput(text, looseDocument)
  type _loose = Expect<Equal<Success<typeof loose>, unknown>>
  const fromJson = parseModelOutput(text, untyped)
  type _fromJson = Expect<Equal<Success<typeof fromJson>, unknown>>
  // An explicit type is a claim nothing checks (as a cast is), kept for documents typed elsewhere.
  const claimed = parseModelOutput<{ id: string }>(text, looseDocument)
  type _claimed = Expect<Equal<Success<typeof claimed>, { id: string }>>
  const always = parseModelOutput(text, false)
  type _never = Expect<Equal<Success<typeof always>, never>>
}

export function parseWithDefaultsIsTyped(raw: unknown): void {
  const r = parseWithDefaults(trip, raw, { field: 'input' })
  type _typed = Expect<Equal<Success<typeof r>, Trip>>
  const point = parseWithDefaults(rawPoint, raw, { field: 'input' })
  type _point = Expect<Equal<Success<typeof point>, Point>>
  const loose = parseWithDefaults(looseDocument, raw, { field: 'input' })
  type _loose = Expect<Equal<Success<typeof loose>, unknown>>
  if (r.success) {
    const units: 'metric' | 'imperial' = r.value.units
    void units
  }
}

export function providerDecodeIsTyped(answer: unknown): void {
  const openai = compileForProvider(trip, { provider: 'openai' })
  const r = openai.decode(answer)
  type _typed = Expect<Equal<Success<typeof r>, Trip>>
  const gemini = compileForProvider(rawPoint, { provider: 'gemini' }).decode(answer)
  type _raw = Expect<Equal<Success<typeof gemini>, Point>>
  const loose = compileForProvider(looseDocument, { provider: 'anthropic' }).decode(answer)
  type _loose = Expect<Equal<Success<typeof loose>, unknown>>
  if (r.success) {
    // @ts-expect-error `days` is a number on the output side
    const days: string = r.value.days
    void days
  }
}

export function parseToolCallIsTyped(input: unknown, modelSaid: string): void {
  const tools = { plan: { inputSchema: trip }, locate: { inputSchema: rawPoint }, anything: { inputSchema: untyped } }
  const plan = parseToolCall({ toolName: 'plan', input, tools })
  type _plan = Expect<Equal<typeof plan, Trip>>
  const locate = parseToolCall({ toolName: 'locate', input, tools })
  type _locate = Expect<Equal<typeof locate, Point>>
  const anything = parseToolCall({ toolName: 'anything', input, tools })
  type _anything = Expect<Equal<typeof anything, unknown>>
  // A tool set written inline keeps raw schema literals typed.
  const inline = parseToolCall({ toolName: 'tag', input, tools: { tag: { inputSchema: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] } } } })
  type _inline = Expect<Equal<typeof inline, { label: string }>>
  // The name as a model sends it, a plain string: any tool of the set, so nothing is promised.
  const some = parseToolCall({ toolName: modelSaid, input, tools })
  type _some = Expect<Equal<typeof some, unknown>>
  // A union of names gives the union of their inputs.
  const either = parseToolCall({ toolName: modelSaid === 'plan' ? 'plan' : 'locate', input, tools })
  type _either = Expect<Equal<typeof either, Trip | Point>>
  // With the provider codec the result is the same original shape.
  const decoded = parseToolCall({ toolName: 'plan', input, tools, provider: 'openai' })
  type _decoded = Expect<Equal<typeof decoded, Trip>>
  type _helper = [Expect<Equal<ToolInput<typeof tools, 'plan'>, Trip>>, Expect<Equal<ToolInput<typeof tools, 'missing'>, unknown>>]
  const city: string = plan.city
  void city
}

export function applyThenValidateIsTyped(raw: unknown): void {
  const r = applyThenValidate(raw, trip)
  if (r.error === undefined) {
    type _value = Expect<Equal<typeof r.value, Trip>>
  }
  const loose = applyThenValidate(raw, untyped)
  if (loose.error === undefined) {
    type _loose = Expect<Equal<typeof loose.value, unknown>>
  }
}

export function applyDefaultsChecksItsInput(raw: unknown, anyValue: any, record: Record<string, unknown>): void {
  const out = applyDefaults({ city: 'Oslo' }, trip)
  type _out = Expect<Equal<typeof out, Trip>>
  // Literal types are kept against the input type.
  const imperial = applyDefaults({ city: 'Oslo', units: 'imperial' }, trip)
  type _imperial = Expect<Equal<typeof imperial, Trip>>
  // The example: `city` is required going in (it has no default).
  // @ts-expect-error a wrong input is a type error, not an `unknown` result
  applyDefaults({ days: 2 }, trip)
  // @ts-expect-error nor a value of the wrong type for a property
  applyDefaults({ city: 'Oslo', days: '2' }, trip)
  // @ts-expect-error nor a property the schema does not declare, written as a literal
  applyDefaults({ city: 'Oslo', country: 'NO' }, trip)
  // @ts-expect-error a loosely typed value is not the input type either: type it `unknown` to say so
  applyDefaults(record, trip)
  // The escape: a value typed `unknown` (or `any`) has not been checked, so the copy is unknown.
  const fromUnknown = applyDefaults(raw, trip)
  const fromAny = applyDefaults(anyValue, trip)
  type _escape = [Expect<Equal<typeof fromUnknown, unknown>>, Expect<Equal<typeof fromAny, unknown>>]
  // A schema without a type takes anything and gives unknown.
  const untypedOut = applyDefaults({ days: 2 }, untyped)
  type _untyped = Expect<Equal<typeof untypedOut, unknown>>
  // The output type and the validated data are inputs too.
  applyDefaults(out, trip)
  // A kernel's applyDefaults checks the same way.
  const kernel = createKernel()
  const k = kernel.newJSONSchema({ type: 'object', properties: { n: { type: 'integer', default: 1 } } })
  const kOut = kernel.applyDefaults({}, k)
  type _kernel = Expect<Equal<typeof kOut, { n: number }>>
  // @ts-expect-error n is a number
  kernel.applyDefaults({ n: 'one' }, k)
}
