/**
 * The corpus run's rule for disputed labels (scripts/corpus/disputed.ts), on made-up answers so
 * it runs without the corpus: an entry qualifies only where ajv and hyperjump both disagree with
 * each listed label or both refuse the schema; whatever schemavet gets wrong outside the entries
 * is listed. Also reads the committed test/corpus/disputed.json, which must be well formed.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkDisputed, readDisputed } from '../scripts/corpus/disputed.ts'
import type { DisputedEntry, FileResult } from '../scripts/corpus/disputed.ts'
import type { Answer } from '../scripts/corpus/libraries.ts'

const both = (a: Answer) => ({ annotate: a, assert: a })
const says = (...verdicts: boolean[]): Answer => ({ verdicts })
const refuses: Answer = { refused: 'no' }
const entry = (file: string, more: Partial<DisputedEntry>): DisputedEntry => ({ file, keyword: 'type', reason: 'r', ajv: 'a', hyperjump: 'h', ...more })

function result(labels: boolean[], schemavet: Answer, ajv: Answer, hyperjump: Answer): FileResult {
  return { dialect: 'none', labels, answers: { schemavet: both(schemavet), ajv: both(ajv), hyperjump: both(hyperjump) } }
}

const rule = suite('a disputed entry qualifies only when ajv and hyperjump both back it')

rule('both peers against the label qualifies; one peer with the label does not', () => {
  const results = new Map([
    ['a.json', result([false, true], says(true, true), says(true, true), says(true, true))],
    ['b.json', result([false], says(true), says(true), says(false))],
  ])
  const verdict = checkDisputed([entry('a.json', { tests: [0] }), entry('b.json', { tests: [0] })], results)
  assert.equal(verdict.unqualified.length, 1)
  assert.match(verdict.unqualified[0]!, /^b\.json test 0 \(labelled invalid\): ajv valid; hyperjump invalid/)
})

rule('a refused schema qualifies only when both peers refuse it; a mixed refusal does not back a label', () => {
  const results = new Map([
    ['r.json', result([true], refuses, refuses, refuses)],
    ['s.json', result([true], refuses, refuses, says(true))],
    ['t.json', result([true], says(false), refuses, says(false))],
  ])
  const verdict = checkDisputed(
    [entry('r.json', { refused: true }), entry('s.json', { refused: true }), entry('t.json', { tests: [0] })],
    results,
  )
  assert.equal(
    verdict.unqualified.map((l) => l.split(':')[0]),
    ['s.json', 't.json test 0 (labelled valid)'],
  )
})

rule('an entry for a missing file or test index fails', () => {
  const results = new Map([['a.json', result([true], says(true), says(false), says(false))]])
  const verdict = checkDisputed([entry('a.json', { tests: [3] }), entry('gone.json', { tests: [0] })], results)
  assert.equal(verdict.unqualified, ['a.json: there is no test 3', 'gone.json: not in the corpus'])
})

rule('what schemavet refuses or gets wrong outside the entries is listed as undisputed', () => {
  const results = new Map([
    ['a.json', result([true, false], says(true, true), says(true, true), says(true, true))],
    ['b.json', result([true], refuses, refuses, refuses)],
    ['c.json', result([true, false], says(false, true), says(false, true), says(false, true))],
  ])
  const verdict = checkDisputed([entry('a.json', { tests: [1] }), entry('c.json', { tests: [0] })], results, ['a.json', 'b.json', 'c.json'])
  assert.equal(
    verdict.undisputed.map((l) => l.split(' |')[0]),
    ['b.json [none] refused: no', 'c.json [none] test 1 labelled invalid, schemavet says valid'],
  )
})

rule.run()

const file = suite('test/corpus/disputed.json')

file('is well formed: each entry names a file, its tests or a refusal, the keyword, the reason and both peers', () => {
  const entries = readDisputed(fileURLToPath(new URL('./corpus/disputed.json', import.meta.url)))
  for (const e of entries) assert.ok(e.refused === true || (e.tests?.length ?? 0) > 0, e.file)
})

file('a malformed entry is refused when read', () => {
  const dir = mkdtempSync(join(tmpdir(), 'disputed-'))
  try {
    const path = join(dir, 'd.json')
    const bad: unknown[] = [
      [{ file: 'a.json', keyword: 'type', reason: 'r', ajv: 'a', hyperjump: 'h' }],
      [{ file: 'a.json', tests: [0], refused: true, keyword: 'type', reason: 'r', ajv: 'a', hyperjump: 'h' }],
      [{ file: 'a.json', tests: [0], keyword: 'type', reason: '', ajv: 'a', hyperjump: 'h' }],
      [entry('a.json', { tests: [0] }), entry('a.json', { tests: [1] })],
    ]
    for (const entries of bad) {
      writeFileSync(path, JSON.stringify({ entries }))
      assert.throws(() => readDisputed(path), undefined, JSON.stringify(entries))
    }
  } finally {
    rmSync(dir, { recursive: true })
  }
})

file.run()
