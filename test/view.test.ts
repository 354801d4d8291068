/** The public view of a compiled schema: `root()`, `inspect()` and its subschema edges. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../index.ts'
import type { SchemaHandle } from '../index.ts'

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

view.run()
