/**
 * The published provider profiles (../shared/provider-profiles) as compiled meta-schemas, and
 * Anthropic's from the project, for tests and the corpus script.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { newJSONSchema } from '../../index.ts'
import type { JSONSchemaValidator } from '../../index.ts'
import { PROFILES } from '../../providers/index.ts'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const SHARED = resolve(ROOT, '../shared')
export const PROFILE_DIR = join(SHARED, 'provider-profiles')

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

/** The published example schemas of a profile: `[file, schema, valid]`. */
export function profileExamples(id: string): [string, unknown, boolean][] {
  const out: [string, unknown, boolean][] = []
  for (const kind of ['valid', 'invalid'] as const) {
    const dir = join(PROFILE_DIR, 'tests', id, kind)
    if (!existsSync(dir)) continue
    for (const f of readdirSync(dir).sort()) out.push([`${kind}/${f}`, JSON.parse(readFileSync(join(dir, f), 'utf8')), kind === 'valid'])
  }
  return out
}
