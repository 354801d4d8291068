/** The public view of a compiled schema: `root()`, `inspect()` and its subschema edges. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../index.ts'
import type { SchemaHandle } from '../../index.ts'

const view = suite('SchemaView')

/** Every edge below the root as `location keyword path reference -> target`, each node once. */
function edges(root: SchemaHandle): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  const visit = (h: SchemaHandle): void => {
    const v = h.inspect()
    if (seen.has(v.location)) return
    seen.add(v.location)
    for (const e of v.subschemas) {
      out.push(`${v.location} ${e.keyword} ${JSON.stringify(e.path)} ${e.reference} -> ${e.handle.location}`)
      visit(e.handle)
    }
  }
  visit(root)
  return out
}

view('root() walks the compiled graph with each edge keyword, position and kind', () => {
  const s = newJSONSchema({
    $defs: { A: { type: 'string' }, unused: { type: 'null' } },
    properties: { a: { $ref: '#/$defs/A' }, b: { prefixItems: [{}, { type: 'number' }] } },
    anyOf: [{ required: ['a'] }],
  })
  assert.equal(edges(s.root()), [
    '# properties ["a"] false -> #/properties/a',
    '#/properties/a $ref [] true -> #/$defs/A',
    '# properties ["b"] false -> #/properties/b',
    '#/properties/b prefixItems [0] false -> #/properties/b/prefixItems/0',
    '#/properties/b prefixItems [1] false -> #/properties/b/prefixItems/1',
    '# anyOf [0] false -> #/anyOf/0',
  ])
  assert.is(s.root().inspect().dialect, '2020-12')
  assert.equal(s.root().inspect().keywords, ['properties', 'anyOf'])
})

view('a cycle that consumes input is walked once per node; the dialect follows $schema', () => {
  const s = newJSONSchema({
    $schema: 'http://json-schema.org/draft-07/schema#',
    properties: { next: { $ref: '#' } },
  })
  assert.equal(edges(s.root()), ['# properties ["next"] false -> #/properties/next', '#/properties/next $ref [] true -> #'])
  assert.is(s.root().inspect().dialect, 'draft-07')
  assert.is(s.root(), s.root())
})

view('mustHold names the subschemas that apply at a part, and in place, by each keyword', () => {
  const s = newJSONSchema({
    $defs: { X: { required: ['a'] } },
    properties: { a: { maxLength: 2 } },
    patternProperties: { '^a': { type: 'string' } },
    additionalProperties: false,
    anyOf: [{ type: 'object' }],
    allOf: [{ $ref: '#/$defs/X' }],
    prefixItems: [{}],
  })
  const root = s.root().inspect()
  assert.equal(root.mustHold('a').map((h) => h.location), ['#/properties/a', '#/patternProperties/^a'])
  assert.equal(root.mustHold('b').map((h) => h.location), ['#/additionalProperties'])
  assert.equal(root.mustHold(0).map((h) => h.location), ['#/prefixItems/0'])
  // In place: allOf's branch, not anyOf's (it may not apply); through the branch, the $ref's target.
  assert.equal(root.mustHold().map((h) => h.location), ['#/allOf/0'])
  assert.equal(root.mustHold()[0]!.inspect().mustHold().map((h) => h.location), ['#/$defs/X'])
})

view('early binds each keyword’s early checks, in its own words', () => {
  const s = newJSONSchema({ properties: { a: { type: 'string', maxLength: 2 } }, additionalProperties: false, maxProperties: 1 })
  const root = s.root().inspect()
  const by = (k: string) => root.early.find((e) => e.keyword === k)!
  assert.equal(root.early.map((e) => e.keyword).sort(), ['additionalProperties', 'maxProperties'])
  assert.equal(by('additionalProperties').key('b', 1)?.params, { additionalProperty: 'b' })
  assert.is(by('additionalProperties').key('a', 1), undefined)
  assert.is(by('maxProperties').key('a', 1), undefined)
  assert.equal(by('maxProperties').key('b', 2)?.params, { limit: 1 })
  const a = root.mustHold('a')[0]!.inspect()
  assert.equal(a.early.map((e) => [e.keyword, e.schemaPath]), [['type', '#/properties/a/type'], ['maxLength', '#/properties/a/maxLength']])
  assert.match(a.early[0]!.begin('number')?.message ?? '', /must be a string/)
  const watch = a.early[1]!.text()!
  assert.is(watch('ab', 'ab'), undefined)
  assert.is(watch('c', 'abc')?.message, 'must be at most 2 characters long (got 3 characters so far)')
  assert.is(a.early[1]!.end('abc')?.message, s.validate({ a: 'abc' })?.errors[0]?.message)
})

view.run()
