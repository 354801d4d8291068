/**
 * The published provider profiles (vendored in test/fixtures/provider-profiles, see its
 * SOURCE.md) as compiled meta-schemas, and Anthropic's from the project, for tests and the corpus
 * script.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { newJSONSchema } from '../../index.ts'
import type { JSONSchemaValidator } from '../../index.ts'
import { PROFILES } from '../../providers/index.ts'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const PROFILE_DIR = join(ROOT, 'test', 'fixtures', 'provider-profiles')

/** The profiles published with examples (Anthropic's is written in the project and has none). */
export const PUBLISHED_IDS = ['openai_202602', 'gemini_202503', 'gemini_202602', 'minimal_202602'] as const

/** The profile id each provider name follows. */
export const PROFILE_IDS: Record<string, string> = Object.fromEntries(Object.values(PROFILES).map((p) => [p.name, p.id]))

/** The meta-schema of a profile: the published YAML, else the one written in the profile. */
export function metaSchemaDocument(name: string): Record<string, unknown> {
  const p = PROFILES[name]!
  if (p.metaSchema) return p.metaSchema
  return parse(readFileSync(join(PROFILE_DIR, 'schemas', `${p.id}.yaml`), 'utf8')) as Record<string, unknown>
}

const validators = new Map<string, JSONSchemaValidator>()
export function metaValidator(name: string): JSONSchemaValidator {
  let v = validators.get(name)
  if (!v) validators.set(name, (v = newJSONSchema(metaSchemaDocument(name)) as JSONSchemaValidator))
  return v
}

/**
 * The published example schemas of a profile: `[file, schema, valid]`. Throws when the profile
 * has no `valid` or no `invalid` examples (a missing folder, a profile without published
 * examples), so a test built on them cannot pass having checked nothing.
 */
export function profileExamples(id: string): [string, unknown, boolean][] {
  const out: [string, unknown, boolean][] = []
  for (const kind of ['valid', 'invalid'] as const) {
    const dir = join(PROFILE_DIR, 'tests', id, kind)
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : []
    if (files.length === 0) throw new Error(`profileExamples(${JSON.stringify(id)}): no ${kind} examples in ${dir}`)
    for (const f of files) out.push([`${kind}/${f}`, JSON.parse(readFileSync(join(dir, f), 'utf8')), kind === 'valid'])
  }
  return out
}
