/**
 * `parseToolCall`: raw tool-call input from a model, parsed, defaulted and validated
 * with every problem, rejected with a message written for the model.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ValidationError, newJSONSchema } from '../../api.ts'
import { InvalidArgumentError, InvalidToolInputError, formatForModel, parseToolCall } from '../../integrations/index.ts'

const weather = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    unit: { enum: ['celsius', 'fahrenheit'], default: 'celsius' },
    days: { type: 'integer', minimum: 1, maximum: 7 },
  },
  required: ['city', 'unit'],
  additionalProperties: false,
}
const tools = { weather: { inputSchema: weather }, ping: { inputSchema: { type: 'object', properties: {} } } }

const call = suite('parseToolCall parses, defaults and validates tool-call input')

call('passes input missing a defaulted required property, with the default filled in', () => {
  const input = { city: 'Oslo' }
  const before = structuredClone(input)
  assert.equal(parseToolCall({ toolName: 'weather', input, tools }), { city: 'Oslo', unit: 'celsius' })
  assert.equal(input, before, 'the input is not mutated')
  assert.equal(parseToolCall({ toolName: 'weather', input: '{"city":"Bergen","days":2}', tools }), { city: 'Bergen', days: 2, unit: 'celsius' })
})

call('treats empty text as an empty object, as models send for tools without parameters', () => {
  assert.equal(parseToolCall({ toolName: 'ping', input: '  ', tools }), {})
})

call('rejects input missing a required property without a default, naming the tool', () => {
  const input = '{"days":3}'
  try {
    parseToolCall({ toolName: 'weather', input, tools, toolCallId: 'call-1' })
    assert.unreachable('should have thrown')
  } catch (e) {
    assert.ok(InvalidToolInputError.isInstance(e))
    assert.is(e.name, 'InvalidToolInputError')
    assert.is(e.toolName, 'weather')
    assert.is(e.toolCallId, 'call-1')
    assert.is(e.toolInput, input)
    assert.ok(ValidationError.isInstance(e.cause))
    assert.is(e.message, '$: must have required property "city" (got {"days":3,"unit":"celsius"})')
  }
})

call('lists every problem, one line each, as the message the model gets back', () => {
  try {
    parseToolCall({ toolName: 'weather', input: { city: '', unit: 'kelvin', days: 9, hourly: true }, tools })
    assert.unreachable('should have thrown')
  } catch (e) {
    assert.ok(InvalidToolInputError.isInstance(e))
    assert.is(e.message, formatForModel(e.cause as ValidationError, { value: { city: '', unit: 'kelvin', days: 9, hourly: true } }))
    assert.equal(e.message.split('\n').sort(), [
      '$: must not have property "hourly" (no additional properties are allowed; remove it)',
      '$.city: must be at least 1 character long (got "")',
      '$.days: must be at most 7 (got 9)',
      '$.unit: must be one of: "celsius", "fahrenheit" (got "kelvin")',
    ].sort())
  }
})

call('rejects text that is not JSON with the SyntaxError as cause', () => {
  try {
    parseToolCall({ toolName: 'weather', input: '{"city": "Oslo"', tools })
    assert.unreachable('should have thrown')
  } catch (e) {
    assert.ok(InvalidToolInputError.isInstance(e))
    assert.ok(e.cause instanceof SyntaxError)
    assert.match(e.message, '$: the input is not valid JSON')
  }
})

call('rejects an unknown tool, naming the tools that exist', () => {
  assert.throws(
    () => parseToolCall({ toolName: 'constructor', input: {}, tools }),
    (e: unknown) => InvalidArgumentError.isInstance(e) && e.parameter === 'toolName' && e.message === 'Tool "constructor" is not available. Available tools: weather, ping.',
  )
})

call("uses a caller's compiled Schema as is", () => {
  const schema = newJSONSchema(weather)
  assert.equal(parseToolCall({ toolName: 'w', input: { city: 'Rome' }, tools: { w: { inputSchema: schema } } }), { city: 'Rome', unit: 'celsius' })
})

call.run()
