/**
 * The official suite through the grammar's nodes (no engine): every valid instance fits the
 * nodes the grammar is written from (so `serialize` picks a form the grammar takes) and parses
 * back equal from `serialize`; no invalid instance fits where `exact` is true.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../index.ts'
import type { DialectName } from '../../index.ts'
import { toGrammar } from '../../grammar/index.ts'
import { ShapeBuilder, fits, jsonEqual } from '../../grammar/shape.ts'

const ROOT = fileURLToPath(new URL('../json-schema-test-suite/tests/', import.meta.url))
const DIALECTS: Record<string, DialectName> = { draft4: 'draft-04', draft6: 'draft-06', draft7: 'draft-07', 'draft2019-09': '2019-09', 'draft2020-12': '2020-12' }

test('official suite: valid instances fit and round-trip, invalid ones do not fit an exact grammar', () => {
  let valid = 0
  let invalidOnExact = 0
  const problems: string[] = []
  for (const [folder, dialect] of Object.entries(DIALECTS)) {
    for (const f of readdirSync(ROOT + folder).filter((x) => x.endsWith('.json'))) {
      for (const group of JSON.parse(readFileSync(`${ROOT}${folder}/${f}`, 'utf8')) as { description: string; schema: unknown; tests: { description: string; data: unknown }[] }[]) {
        let v
        try {
          v = newJSONSchema(group.schema, { defaultDialect: dialect })
        } catch {
          continue // schemas the kernel refuses are refused by toGrammar too
        }
        const r = toGrammar(v, { format: 'gbnf' })
        const top = new ShapeBuilder(1e5, true).ref([v.root()])
        for (const t of group.tests) {
          const where = `${folder}/${f}: ${group.description} / ${t.description}`
          if (v.validate(t.data) === null) {
            valid++
            if (!fits(t.data, top, 0)) problems.push(`valid, does not fit: ${where}`)
            if (!jsonEqual(JSON.parse(r.serialize(t.data, { indent: 2 })), t.data)) problems.push(`round trip: ${where}`)
          } else if (r.exact) {
            invalidOnExact++
            if (fits(t.data, top, 0)) problems.push(`invalid, fits an exact grammar: ${where}`)
          }
        }
      }
    }
  }
  assert.ok(valid > 2000 && invalidOnExact > 400, `${valid} valid, ${invalidOnExact} invalid on exact grammars read`)
  assert.equal(problems, [])
})

test.run()
