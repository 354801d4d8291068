/** convert/document.ts `rebaseLocalRefs`: a schema placed inside another keeps its references working. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { rebaseLocalRefs } from '../../convert/document.ts'

const rebase = suite('rebaseLocalRefs')

rebase('moves references into the document under the base, following only subschemas', () => {
  const schema = {
    $defs: { A: { type: 'string' } },
    properties: { a: { $ref: '#/$defs/A' }, self: { $ref: '#' }, far: { $ref: 'other.json#/x' } },
    anyOf: [{ $ref: '#/$defs/A' }],
    const: { $ref: '#/not/a/reference' },
    default: { $ref: '#' },
  }
  const out = rebaseLocalRefs(schema, '#/properties/elements/items') as typeof schema
  assert.is(out.properties.a.$ref, '#/properties/elements/items/$defs/A')
  assert.is(out.properties.self.$ref, '#/properties/elements/items')
  assert.is(out.properties.far.$ref, 'other.json#/x')
  assert.is(out.anyOf[0]!.$ref, '#/properties/elements/items/$defs/A')
  assert.equal(out.const, { $ref: '#/not/a/reference' })
  assert.equal(out.default, { $ref: '#' })
  assert.is(schema.properties.a.$ref, '#/$defs/A', 'the input is not changed')
})

rebase('reads draft-07 tuples, and keeps an embedded resource whole', () => {
  const schema = { items: [{ $ref: '#/definitions/N' }], additionalItems: { $id: 'urn:x', $ref: '#/y' }, definitions: { N: {} } }
  const out = rebaseLocalRefs(schema, '#/b', 'draft-07') as { items: { $ref: string }[]; additionalItems: { $ref: string } }
  assert.is(out.items[0]!.$ref, '#/b/definitions/N')
  assert.is(out.additionalItems.$ref, '#/y')
})

rebase.run()
