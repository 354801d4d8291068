/**
 * Loads the vendored official JSON Schema Test Suite and runs its cases through schemavet.
 * Shared by the uvu suite and the no-code-generation run, so both see the same cases.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { SKIPS } from './skips.ts'
import { fileURLToPath } from 'node:url'

export const SUITE_ROOT = fileURLToPath(new URL('../json-schema-test-suite/', import.meta.url))

/** The suite's draft folders with the dialect each one runs as. */
export const DRAFTS = [
  ['draft2020-12', '2020-12'],
  ['draft2019-09', '2019-09'],
  ['draft7', 'draft-07'],
  ['draft6', 'draft-06'],
  ['draft4', 'draft-04'],
] as const

export interface SuiteCase {
  description: string
  data: unknown
  valid: boolean
}
export interface SuiteGroup {
  description: string
  schema: unknown
  tests: SuiteCase[]
}
export interface SuiteFile {
  /** Path below `tests/<draft>/` (`optional/format/email.json`). */
  name: string
  groups: SuiteGroup[]
  /** Formats asserted for this file: `optional/format` assumes assertion, the rest the spec default. */
  formats: 'assert' | 'annotate'
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

/** Every remote document, keyed by the URI the suite serves it at. */
export function remotes(): Record<string, unknown> {
  const root = join(SUITE_ROOT, 'remotes')
  const out: Record<string, unknown> = {}
  for (const file of walk(root)) {
    if (!file.endsWith('.json')) continue
    out[`http://localhost:1234/${relative(root, file).split('\\').join('/')}`] = JSON.parse(readFileSync(file, 'utf8'))
  }
  return out
}

/**
 * The files of one draft directory (`draft2020-12`), required and optional, less the skips of
 * `skips.ts` (so every runner of the suite leaves out the same cases).
 */
export function suiteFiles(draft: string): SuiteFile[] {
  const root = join(SUITE_ROOT, 'tests', draft)
  return walk(root)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((file): SuiteFile[] => {
      const name = relative(root, file).split('\\').join('/')
      const skipped = SKIPS[draft]?.[name]
      if (skipped === '*') return []
      const groups = (JSON.parse(readFileSync(file, 'utf8')) as SuiteGroup[]).filter((g) => !skipped?.includes(g.description))
      return [{ name, groups, formats: name.startsWith('optional/format/') ? 'assert' : 'annotate' }]
    })
}

/** `required`, `optional` or `format`: the bucket a file's pass count goes to. */
export function bucketOf(name: string): 'required' | 'optional' | 'format' {
  if (name.startsWith('optional/format/')) return 'format'
  return name.startsWith('optional/') ? 'optional' : 'required'
}
