/**
 * The meta-schema check's one-document form (core/compiler/meta-check.ts `flattenVocabularies`): it must
 * accept exactly what the vocabulary meta-schema accepts, since a schema it accepts skips the
 * meta-schema itself. Compared over the official suite's schemas and data, and over those schemas
 * with each keyword's value replaced by values of every JSON type.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../../index.ts'
import { flattenVocabularies } from '../../../core/compiler/meta-check.ts'
import { metaSchemas } from '../../../metaschemas/index.ts'

const test = suite('meta-check one-document form')

const registry = new Map(Object.entries(metaSchemas).map(([k, v]) => [k.replace(/#$/, ''), v]))
const suiteDir = new URL('../../json-schema-test-suite/tests/', import.meta.url)

/** Every schema and datum of a draft's suite files (optional ones included). */
function suiteValues(draft: string): unknown[] {
  const out: unknown[] = []
  const walk = (dir: URL) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(new URL(entry.name + '/', dir))
      else if (entry.name.endsWith('.json')) {
        for (const group of JSON.parse(readFileSync(new URL(entry.name, dir), 'utf8'))) {
          out.push(group.schema)
          for (const t of group.tests) out.push(t.data)
        }
      }
    }
  }
  walk(new URL(draft + '/', suiteDir))
  return out
}

const WRONG: unknown[] = [1.5, -1, 0, 'x', '', [], ['a', 'a'], [1], {}, { a: 1 }, null, true, false]

/** Each object inside `schema` with one key's value replaced by each wrong value, in a copy. */
function mutations(schema: unknown): unknown[] {
  const out: unknown[] = []
  const paths: (string | number)[][] = []
  const collect = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) value.forEach((v, i) => collect(v, [...path, i]))
    else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) {
        paths.push([...path, k])
        collect(v, [...path, k])
      }
    }
  }
  collect(schema, [])
  for (const path of paths) {
    for (const wrong of WRONG) {
      const copy = structuredClone(schema) as Record<string | number, unknown>
      let parent: Record<string | number, unknown> = copy
      for (const token of path.slice(0, -1)) parent = parent[token] as Record<string | number, unknown>
      parent[path.at(-1)!] = wrong
      out.push(copy)
    }
  }
  return out
}

for (const [draft, uri] of [
  ['draft2020-12', 'https://json-schema.org/draft/2020-12/schema'],
  ['draft2019-09', 'https://json-schema.org/draft/2019-09/schema'],
] as const) {
  test(`${draft}: the one-document form accepts exactly what the meta-schema accepts`, () => {
    const meta = registry.get(uri)
    const flat = flattenVocabularies(meta, registry)
    assert.ok(flat !== undefined, 'the meta-schema has the vocabulary form')
    const values = suiteValues(draft)
    const schemas = values.filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
    const cases = [...values, ...schemas.flatMap(mutations)]
    for (const formats of ['annotate', 'assert'] as const) {
      const full = newJSONSchema(meta, { formats })
      const one = newJSONSchema(flat, { formats })
      let refused = 0
      for (const c of cases) {
        const expected = full.isValid(c)
        if (!expected) refused++
        if (one.isValid(c) !== expected) assert.unreachable(`${formats}: ${JSON.stringify(c)}: meta-schema ${expected}, one document ${!expected}`)
      }
      // The comparison means something only if both answers occur often.
      assert.ok(refused > 1000 && cases.length - refused > 1000, `${refused} refused of ${cases.length}`)
    }
  })
}

test('a meta-schema of another form has no one-document form', () => {
  assert.is(flattenVocabularies(registry.get('http://json-schema.org/draft-07/schema'), registry), undefined)
  const meta = registry.get('https://json-schema.org/draft/2020-12/schema') as Record<string, unknown>
  assert.is(flattenVocabularies({ ...meta, required: ['type'] }, registry), undefined, 'a keyword of its own besides properties')
  assert.is(flattenVocabularies({ ...meta, allOf: [...(meta.allOf as unknown[]), { $ref: 'meta/core' }] }, registry), undefined, 'a name two vocabularies share')
  assert.is(flattenVocabularies({ ...meta, allOf: [{ $ref: 'meta/core', type: 'object' }] }, registry), undefined, 'a reference with siblings')
})

test('schemas the meta-schema refuses are still explained by it', () => {
  // Through the kernel: the one-document check refuses, the meta-schema gives each problem.
  const error = (() => {
    try {
      newJSONSchema({ type: 'object', properties: { a: { minLength: -1 }, b: { type: 'strin' } } })
    } catch (e) {
      return e as Error
    }
    return undefined
  })()
  assert.ok(error !== undefined)
  assert.match(error!.message, '#/properties/a/minLength')
  assert.match(error!.message, '#/properties/b/type')
  assert.match(error!.message, 'meta-schema https://json-schema.org/draft/2020-12/schema')
})

test.run()
