/**
 * toGrammar's grammars judged by the engines themselves on the official JSON Schema Test Suite
 * (drafts 2020-12 and draft-07, every file but the suite runner's skips): for every group
 * schemavet compiles, in both formats, compact and with `indent: 2` (draft-07 compact only: its
 * files repeat 2020-12's keywords in the older spellings, and each grammar compiled in XGrammar
 * costs tens of milliseconds, so the run stays within minutes),
 *
 * - the engine compiles the grammar (a syntax error of ours is a failure: they must be
 *   impossible by construction);
 * - every valid instance, as `serialize` writes it with the same indent, parses back to the
 *   instance and is accepted;
 * - where the grammar says `exact`, no invalid instance is accepted, neither as `serialize`
 *   writes it nor as its own JSON text (compact, or `JSON.stringify(value, null, 2)`).
 *
 * One case per suite file (a keyword), listing every failing instance at once.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isDeepStrictEqual } from 'node:util'
import { newJSONSchema } from '../../index.ts'
import { toGrammar } from '../../grammar/index.ts'
import { remotes, suiteFiles } from '../support/suite.ts'
import { engines } from './judge.mjs'
import type { Engine } from './judge.mjs'

const schemas = remotes()
const DRAFTS = [
  ['draft2020-12', '2020-12', [0, 2]],
  ['draft7', 'draft-07', [0]],
] as const
const FORMATS = ['gbnf', 'xgrammar'] as const

/** Texts judged over the whole run, per format: a check that the tables were not empty. */
const judged = { gbnf: 0, xgrammar: 0 }

/** Judges one group in one format and indent; returns its failures, one line each. */
async function judgeGroup(validator: unknown, format: (typeof FORMATS)[number], indent: number, tests: { description: string; data: unknown; valid: boolean }[]): Promise<string[]> {
  const engine: Engine = engines[format]
  const where = `${format}${indent === 0 ? '' : ` indent ${indent}`}`
  let g
  try {
    g = toGrammar(validator, indent === 0 ? { format } : { format, indent })
  } catch (e) {
    return [`${where}: toGrammar threw ${(e as Error).message}`]
  }
  let grammar
  try {
    grammar = await engine.compile(g.grammar)
  } catch (e) {
    return [`${where}: the engine refuses the grammar: ${(e as Error).message}`]
  }
  const failures: string[] = []
  try {
    for (const t of tests) {
      const own = indent === 0 ? JSON.stringify(t.data) : JSON.stringify(t.data, null, indent)
      let written: string | undefined
      let threw: string | undefined
      try {
        written = g.serialize(t.data, indent === 0 ? {} : { indent })
      } catch (e) {
        threw = (e as Error).message
      }
      if (t.valid) {
        judged[format]++
        if (written === undefined) failures.push(`${where}: valid "${t.description}": serialize threw ${threw}`)
        else if (!isDeepStrictEqual(JSON.parse(written), t.data)) failures.push(`${where}: valid "${t.description}": ${written} does not parse back to the instance`)
        else if (!(await grammar.accepts(written))) failures.push(`${where}: valid "${t.description}" rejected: ${written.slice(0, 200)}`)
      } else if (g.exact) {
        judged[format]++
        for (const text of written === undefined || written === own ? [own] : [written, own]) {
          if (await grammar.accepts(text)) failures.push(`${where}: invalid "${t.description}" accepted by an exact grammar: ${text.slice(0, 200)}`)
        }
      }
    }
  } finally {
    grammar.dispose()
  }
  return failures
}

for (const [draft, dialect, indents] of DRAFTS) {
  const test = suite(`engines: toGrammar on the official suite, ${draft}`)
  for (const file of suiteFiles(draft)) {
    test(file.name, async () => {
      const failures: string[] = []
      let groups = 0
      for (const group of file.groups) {
        let validator
        try {
          validator = newJSONSchema(group.schema, { schemas, formats: file.formats, defaultDialect: dialect })
        } catch {
          continue // a schema schemavet refuses has no grammar (the suite's own run covers those)
        }
        groups++
        for (const format of FORMATS) {
          for (const indent of indents) {
            for (const f of await judgeGroup(validator, format, indent, group.tests)) failures.push(`${group.description}: ${f}`)
          }
        }
      }
      assert.ok(groups > 0, 'no group of this file compiles')
      assert.equal(failures, [])
    })
  }
  test.run()
}

const totals = suite('engines: toGrammar on the official suite, totals')
totals('both engines judged texts of every draft', () => {
  // Runs after the draft suites (uvu runs suites in order): each engine saw thousands of texts.
  assert.ok(judged.gbnf > 1000, `llama.cpp judged ${judged.gbnf} texts`)
  assert.ok(judged.xgrammar > 1000, `xgrammar judged ${judged.xgrammar} texts`)
})
totals.after(async () => {
  await engines.gbnf.close()
})
totals.run()
