/**
 * A keyword is found by its name: every keyword definition that validates, in every dialect, is
 * exported by `plugins/<vocabulary>/<keyword>.ts` (`$` dropped), or by a dialect's variant of it
 * in `plugins/<vocabulary>/<dialect>/<keyword>.ts`; every other file of a vocabulary folder is its
 * `index.ts` or a `_`-prefixed helper. `plugins/extras/` holds class plugins, not a vocabulary,
 * and is not covered.
 */
import { readdirSync, statSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { KeywordDefinition } from '../core/index.ts'
import { dialect04, dialect06, dialect07, dialect2019, dialect2020, dialectOpenApi30, dialectOpenApi31, standardKeywords } from '../plugins/index.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const plugins = join(root, 'plugins')
/** Folders under plugins/ that are not a vocabulary. */
const NOT_VOCABULARIES = new Set(['extras'])
const DIALECTS = new Set<string>([dialect2020, dialect2019, dialect07, dialect06, dialect04, dialectOpenApi30, dialectOpenApi31].map((d) => d.name))

const isDir = (p: string) => statSync(p).isDirectory()
const vocabularies = readdirSync(plugins).filter((f) => isDir(join(plugins, f)) && !NOT_VOCABULARIES.has(f))

/** Every .ts file of a vocabulary folder and of its dialect folders, as paths relative to plugins/. */
function filesOf(vocabulary: string): string[] {
  const out: string[] = []
  const walk = (dir: string): void => {
    for (const f of readdirSync(dir).sort()) {
      const p = join(dir, f)
      if (isDir(p)) walk(p)
      else if (f.endsWith('.ts')) out.push(relative(plugins, p))
    }
  }
  walk(join(plugins, vocabulary))
  return out
}

const files = vocabularies.flatMap(filesOf)
/** The keyword definitions each file exports (re-exports of index.ts left out: they are lists). */
const exported = new Map<string, KeywordDefinition[]>()
for (const file of files) {
  if (basename(file) === 'index.ts') continue
  const module = (await import(pathToFileURL(join(plugins, file)).href)) as Record<string, unknown>
  const defs = Object.values(module).filter((v): v is KeywordDefinition => typeof v === 'object' && v !== null && typeof (v as KeywordDefinition).keyword === 'string')
  exported.set(file, defs)
}
const fileName = (keyword: string) => `${keyword.replace(/^\$/, '')}.ts`
const validating = standardKeywords.filter((d) => d.validate !== undefined)

const layout = suite('plugins/ layout: a keyword is found by its name')

layout('the preset list has validating keywords in every dialect (the check below has work to do)', () => {
  assert.ok(validating.length >= 41, `${validating.length} validating definitions`)
  for (const dialect of DIALECTS) {
    const here = validating.filter((d) => d.dialects === undefined || d.dialects.includes(dialect as never))
    assert.ok(here.length > 20, `${dialect}: ${here.length} validating definitions`)
  }
})

layout('every validating definition is exported by the file of its name, in its vocabulary folder', () => {
  const wrong: string[] = []
  for (const d of validating) {
    const owners = [...exported].filter(([, defs]) => defs.includes(d)).map(([file]) => file)
    const where = `${d.keyword}${d.dialects === undefined ? '' : ` (${d.dialects.join(', ')})`}`
    if (owners.length !== 1) {
      wrong.push(`${where}: exported by ${owners.length === 0 ? 'no file' : owners.join(', ')}`)
      continue
    }
    const file = owners[0]!
    const parts = file.split('/')
    const [vocabulary, ...rest] = parts
    const variant = rest.length === 2 ? rest[0]! : undefined
    if (basename(file) !== fileName(d.keyword)) wrong.push(`${where}: in ${file}, not ${fileName(d.keyword)}`)
    if (vocabulary !== d.vocabulary) wrong.push(`${where}: in ${file}, not under plugins/${d.vocabulary}/`)
    if (rest.length > 2) wrong.push(`${where}: ${file} is nested too deep`)
    if (variant !== undefined && !(d.dialects ?? []).includes(variant as never)) wrong.push(`${where}: ${file} is in a folder of a dialect it does not apply to`)
  }
  assert.equal(wrong, [])
})

layout('no two variants of a keyword share a file', () => {
  const wrong: string[] = []
  const byName = new Map<string, KeywordDefinition[]>()
  for (const d of validating) byName.set(d.keyword, [...(byName.get(d.keyword) ?? []), d])
  for (const [keyword, defs] of byName) {
    const owners = defs.map((d) => [...exported].find(([, list]) => list.includes(d))?.[0] ?? '?')
    if (new Set(owners).size !== owners.length) wrong.push(`${keyword}: two variants share ${owners.join(', ')}`)
  }
  assert.equal(wrong, [])
})

layout('every file of a vocabulary folder is a keyword, a _-prefixed helper or the index', () => {
  const known = new Set(standardKeywords.map((d) => fileName(d.keyword)))
  const wrong: string[] = []
  for (const file of files) {
    const name = basename(file)
    if (name === 'index.ts') {
      if (file.split('/').length !== 2) wrong.push(`${file}: an index belongs at the vocabulary's top`)
      continue
    }
    if (name.startsWith('_')) continue
    const defs = exported.get(file) ?? []
    if (!known.has(name)) wrong.push(`${file}: no keyword is named ${name.slice(0, -3)}`)
    else if (!defs.some((d) => fileName(d.keyword) === name)) wrong.push(`${file}: does not export a ${name.slice(0, -3)} definition`)
  }
  for (const vocabulary of vocabularies) {
    for (const f of readdirSync(join(plugins, vocabulary))) {
      if (isDir(join(plugins, vocabulary, f)) && !DIALECTS.has(f)) wrong.push(`plugins/${vocabulary}/${f}: a folder under a vocabulary is named for a dialect`)
    }
  }
  assert.equal(wrong, [])
})

layout.run()
