/**
 * The disputed labels of the corpus (`test/corpus/disputed.json`) and the rule an entry must
 * meet: ajv and @hyperjump/json-schema (formats asserted) both disagree with each listed label,
 * or both refuse the schema. The rule is checked against the run's own answers, never taken on
 * trust, so an entry goes stale the moment a peer stops backing it.
 */
import { readFileSync } from 'node:fs'
import type { Answer, DialectKey, FormatMode, LibraryName } from './libraries.ts'

/** One file whose labels (or whose schema) the mature validators dispute. */
export interface DisputedEntry {
  /** File name in `maskbench/`. */
  file: string
  /** Indices of the tests whose labels are wrong. */
  tests?: number[]
  /** The schema itself: ajv and hyperjump both refuse it. */
  refused?: true
  /** The keyword at stake (`format`, `pattern`, `$ref`). */
  keyword: string
  /** Why the label (or the schema) is wrong. */
  reason: string
  /** What ajv says. */
  ajv: string
  /** What hyperjump says. */
  hyperjump: string
}

/** One file's run: its dialect, labels and each library's answers per format mode. */
export interface FileResult {
  dialect: DialectKey
  labels: boolean[]
  answers: Partial<Record<LibraryName, Record<FormatMode, Answer>>>
}

/** Reads and shape-checks the list; a malformed file stops the run. */
export function readDisputed(path: string): DisputedEntry[] {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as { entries?: unknown }
  if (!Array.isArray(raw.entries)) throw new Error(`${path}: "entries" must be an array`)
  const seen = new Set<string>()
  return raw.entries.map((e: unknown, i: number) => {
    const entry = e as DisputedEntry
    const where = `${path}: entry ${i}`
    if (typeof entry !== 'object' || entry === null) throw new Error(`${where} is not an object`)
    for (const key of ['file', 'keyword', 'reason', 'ajv', 'hyperjump'] as const) {
      if (typeof entry[key] !== 'string' || entry[key] === '') throw new Error(`${where} needs a non-empty "${key}"`)
    }
    const hasTests = Array.isArray(entry.tests) && entry.tests.length > 0 && entry.tests.every((t) => Number.isInteger(t) && t >= 0)
    if (hasTests === (entry.refused === true)) throw new Error(`${where} (${entry.file}) needs either "tests" (label indices) or "refused": true`)
    if (seen.has(entry.file)) throw new Error(`${where}: ${entry.file} is listed twice`)
    seen.add(entry.file)
    return entry
  })
}

/** What the check found: a line per entry, the entries that fail the rule, and what no entry covers. */
export interface DisputedVerdict {
  report: string[]
  unqualified: string[]
  undisputed: string[]
}

const say = (a: Answer | undefined, i: number): string =>
  a === undefined ? 'not run' : 'refused' in a ? `refuses: ${a.refused}` : a.verdicts[i] ? 'valid' : 'invalid'

/**
 * Checks each entry against the asserted-format answers of ajv and hyperjump in `results`, and
 * (when `names`, every file of a full schemavet run, is given) lists schemavet's asserted
 * refusals and disagreements that no entry covers.
 */
export function checkDisputed(entries: readonly DisputedEntry[], results: ReadonlyMap<string, FileResult>, names?: readonly string[]): DisputedVerdict {
  const report: string[] = []
  const unqualified: string[] = []
  const byFile = new Map(entries.map((e) => [e.file, e]))
  for (const entry of entries) {
    const r = results.get(entry.file)
    const what = entry.refused ? 'schema' : `tests ${entry.tests!.join(', ')}`
    report.push(`${entry.file} (${what}; ${entry.keyword}): ${entry.reason}`)
    if (r === undefined) {
      unqualified.push(`${entry.file}: not in the corpus`)
      continue
    }
    const ajv = r.answers.ajv?.assert
    const hyperjump = r.answers.hyperjump?.assert
    if (ajv === undefined || hyperjump === undefined) {
      unqualified.push(`${entry.file}: ajv and hyperjump were not run on it`)
      continue
    }
    if (entry.refused) {
      if (!('refused' in ajv) || !('refused' in hyperjump)) unqualified.push(`${entry.file}: ajv ${say(ajv, 0)}; hyperjump ${say(hyperjump, 0)}`)
      continue
    }
    const bothRefuse = 'refused' in ajv && 'refused' in hyperjump
    for (const i of entry.tests!) {
      if (i >= r.labels.length) {
        unqualified.push(`${entry.file}: there is no test ${i}`)
        continue
      }
      const label = r.labels[i]!
      const against = (a: Answer) => !('refused' in a) && a.verdicts[i] !== label
      if (!bothRefuse && !(against(ajv) && against(hyperjump))) {
        unqualified.push(`${entry.file} test ${i} (labelled ${label ? 'valid' : 'invalid'}): ajv ${say(ajv, i)}; hyperjump ${say(hyperjump, i)}`)
      }
    }
  }

  const undisputed: string[] = []
  for (const name of names ?? []) {
    const r = results.get(name)
    const mine = r?.answers.schemavet?.assert
    if (r === undefined || mine === undefined) continue
    const entry = byFile.get(name)
    const peers = (i: number) => `ajv ${say(r.answers.ajv?.assert, i)}; hyperjump ${say(r.answers.hyperjump?.assert, i)}`
    if ('refused' in mine) {
      if (entry?.refused !== true) undisputed.push(`${name} [${r.dialect}] refused: ${mine.refused} | ${peers(0)}`)
      continue
    }
    r.labels.forEach((label, i) => {
      if (mine.verdicts[i] === label || entry?.tests?.includes(i)) return
      undisputed.push(`${name} [${r.dialect}] test ${i} labelled ${label ? 'valid' : 'invalid'}, schemavet says ${mine.verdicts[i] ? 'valid' : 'invalid'} | ${peers(i)}`)
    })
  }
  return { report, unqualified, undisputed }
}
