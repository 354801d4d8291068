/**
 * Test support: runs the official suite's schemas through a converter and checks that the
 * converted schema accepts exactly what the suite says the original accepts, or that the
 * conversion refuses with a "cannot express" error. Skips are listed with their reason.
 */
import { newJSONSchema } from '../../index.ts'
import { convertSchema } from '../../convert/index.ts'
import { remotes, suiteFiles } from '../support/suite.ts'

const META = {
  'draft2020-12': 'https://json-schema.org/draft/2020-12/schema',
  'draft2019-09': 'https://json-schema.org/draft/2019-09/schema',
  draft7: 'http://json-schema.org/draft-07/schema#',
} as const
/** The dialect of the suite's remote documents without `$schema`, by directory. */
const DIALECT = { 'draft2020-12': '2020-12', 'draft2019-09': '2019-09', draft7: 'draft-07' } as const

/**
 * Groups that cannot agree, by `<file>: <group>`: a custom meta-schema that turns vocabularies
 * off lives in the registry, which the converter (given one document) cannot read, so the
 * converted schema validates with every vocabulary.
 */
export const CONVERT_SKIPS = new Set([
  'vocabulary.json: schema that uses custom metaschema with with no validation vocabulary',
])

/** What a run found: agreeing cases, refusals by reason, and every disagreement. */
export interface ConvertReport {
  agreed: number
  refused: Map<string, number>
  mismatches: string[]
  skipped: number
}

/**
 * Converts each required-suite schema of `draft` to `target`; each converted schema is read back
 * by `readBack` (identity for JSON Schema targets) and compiled with the suite's remotes.
 */
export function runConverted(draft: keyof typeof META, target: string, readBack: (s: unknown) => unknown = (s) => s): ConvertReport {
  const schemas = remotes()
  const report: ConvertReport = { agreed: 0, refused: new Map(), mismatches: [], skipped: 0 }
  for (const file of suiteFiles(draft)) {
    if (file.name.startsWith('optional/')) continue
    for (const group of file.groups) {
      if (CONVERT_SKIPS.has(`${file.name}: ${group.description}`)) {
        report.skipped += group.tests.length
        continue
      }
      const where = `${draft}/${file.name}: ${group.description}`
      // The dialect is stated, so the converted schema and the suite's remotes each keep theirs.
      const schema = typeof group.schema === 'object' && group.schema !== null ? { $schema: META[draft], ...group.schema } : group.schema
      let converted: unknown
      try {
        converted = readBack(convertSchema(schema, target))
      } catch (e) {
        const message = (e as Error).message
        const reason = /cannot express (.*?) \(at /.exec(message)?.[1]
        if (reason === undefined) report.mismatches.push(`${where}: threw ${message}`)
        else report.refused.set(reason, (report.refused.get(reason) ?? 0) + 1)
        continue
      }
      let validator
      try {
        validator = newJSONSchema(converted, { schemas, formats: file.formats, defaultDialect: DIALECT[draft] })
      } catch (e) {
        report.mismatches.push(`${where}: the converted schema does not compile: ${(e as Error).message} ${JSON.stringify(converted)}`)
        continue
      }
      for (const c of group.tests) {
        if ((validator.validate(c.data) === null) === c.valid) report.agreed++
        else report.mismatches.push(`${where} / ${c.description}: expected ${c.valid ? 'valid' : 'invalid'} with ${JSON.stringify(converted)}`)
      }
    }
  }
  return report
}

/** Every key used as a keyword anywhere in a converted schema (walks objects and arrays). */
export function keywordsIn(schema: unknown, names: Set<string> = new Set(), underMap = false): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) keywordsIn(s, names)
  else if (typeof schema === 'object' && schema !== null) {
    for (const [k, v] of Object.entries(schema)) {
      if (!underMap) names.add(k)
      const isMap = !underMap && ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'].includes(k)
      if (!underMap && ['enum', 'const', 'default', 'examples', 'example', 'required'].includes(k)) continue
      keywordsIn(v, names, isMap)
    }
  }
  return names
}
