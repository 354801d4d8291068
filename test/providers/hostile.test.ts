/**
 * compileForProvider on hostile names and values: property and `$defs` names that are
 * Object.prototype's own (`__proto__` above all) stay ordinary keys of the provider schema, and
 * encode / decode walk values of any depth, and values that contain themselves, without
 * overflowing the stack.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyDefaults, newJSONSchema } from '../../index.ts'
import { compileForProvider } from '../../providers/index.ts'
import type { ProviderName } from '../../providers/index.ts'
import { metaValidator } from './profiles.ts'

const ALL: ProviderName[] = ['openai', 'gemini', 'gemini-openapi', 'minimal', 'anthropic']
const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']
const own = (o: unknown, k: string) => typeof o === 'object' && o !== null && Object.prototype.hasOwnProperty.call(o, k)

/** Every object schema in a provider schema: each name in `required` is an own key of `properties`. */
function requiredAreDeclared(schema: unknown, where: string): void {
  const stack: unknown[] = [schema]
  while (stack.length) {
    const s = stack.pop()
    if (typeof s !== 'object' || s === null) continue
    const o = s as Record<string, unknown>
    if (Array.isArray(o.required) && o.additionalProperties === false) {
      for (const n of o.required as string[]) assert.ok(own(o.properties, n), `${where}: "${n}" is required but not in properties`)
    }
    for (const k of Object.keys(o)) stack.push(o[k])
  }
}

const names = suite('provider schemas: property names that Object.prototype has')

names('a property named __proto__ (and constructor, toString, ...) is kept, required and round-trips, for every provider', () => {
  for (const n of NAMES) {
    // JSON.parse makes "__proto__" an own key, as a schema from the wire has it
    const schema = JSON.parse(`{"type":"object","properties":{${JSON.stringify(n)}:{"type":"string"},"b":{"type":"integer"}},"required":[${JSON.stringify(n)},"b"]}`)
    const value = JSON.parse(`{${JSON.stringify(n)}:"x","b":1}`)
    for (const provider of ALL) {
      const p = compileForProvider(schema, { provider })
      const out = p.schema
      assert.ok(own(out.properties, n), `${provider}: properties lost ${n}`)
      assert.equal((out.properties as Record<string, unknown>)[n], { type: 'string' }, `${provider}: ${n}`)
      assert.is(Object.getPrototypeOf(out.properties), Object.prototype, `${provider}: prototype of properties changed`)
      requiredAreDeclared(out, `${provider} ${n}`)
      assert.equal(p.lost, [], `${provider}: ${n}`)
      assert.is(metaValidator(provider).validate(out), null, provider)
      const encoded = p.encode(value)
      assert.is(newJSONSchema(out).validate(encoded), null, `${provider}: ${n}`)
      const back = p.decode(JSON.parse(JSON.stringify(encoded)))
      assert.ok(back.success, provider)
      if (back.success) {
        assert.ok(own(back.value, n), `${provider}: decode lost ${n}`)
        assert.equal(back.value, applyDefaults(value, newJSONSchema(schema)))
      }
    }
  }
})

names('a recursive $defs entry named __proto__ is written out under that name where $ref is allowed', () => {
  const schema = JSON.parse('{"$defs":{"__proto__":{"type":"object","properties":{"x":{"$ref":"#/$defs/__proto__"}}}},"type":"object","properties":{"t":{"$ref":"#/$defs/__proto__"}},"required":["t"]}')
  for (const provider of ALL) {
    const p = compileForProvider(schema, { provider })
    const out = p.schema
    requiredAreDeclared(out, provider)
    if (!p.profile.recursiveRefs) continue
    const defs = out.$defs as Record<string, unknown>
    assert.ok(own(defs, '__proto__'), `${provider}: $defs lost __proto__`)
    assert.is(Object.getPrototypeOf(defs), Object.prototype)
    const value = { t: { x: { x: {} } } }
    const encoded = p.encode(value)
    assert.is(newJSONSchema(out).validate(encoded), null, provider)
    const back = p.decode(encoded)
    assert.ok(back.success, provider)
  }
})

names.run()
