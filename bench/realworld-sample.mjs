// The real-world suite's sample and its cold copies, shared by bench/realworld.mjs,
// bench/cold-stream.mjs and bench/cold-compare.mjs. Imports no library (cold-compare loads two
// builds of schemavet of its own choosing).
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Every EVERY-th corpus file by name (byte order) among those with a valid instance: fixed before the first measurement. */
export const EVERY = 12
export const corpusDir = fileURLToPath(new URL('../../shared/corpus/maskbench/', import.meta.url))

/** `{ files, withValid: { file, doc }[], sample: { file, doc }[] }`; throws when the corpus is not beside the project. */
export function readSample() {
  if (!existsSync(corpusDir)) throw new Error(`no corpus at ${corpusDir}: the real-world suite needs ../shared/corpus beside the project`)
  const files = readdirSync(corpusDir).filter((f) => f.endsWith('.json')).sort()
  const withValid = []
  for (const file of files) {
    const doc = JSON.parse(readFileSync(corpusDir + file, 'utf8'))
    if (Array.isArray(doc.tests) && doc.tests.some((t) => t.valid === true)) withValid.push({ file, doc })
  }
  return { files, withValid, sample: withValid.filter((_, i) => i % EVERY === 0) }
}

let copies = 0
/**
 * A deep copy of `schema` that no library has seen: its root `$comment` names a fresh number, so
 * a cache keyed by the schema's text (ata-validator keeps one per process) or by the object
 * misses, as it does for a new tool's schema. Only an annotation changes (`$comment` is unknown
 * before draft-07, and every library here allows unknown keywords).
 */
export function unseenCopy(schema) {
  const copy = structuredClone(schema)
  if (typeof copy !== 'object' || copy === null || Array.isArray(copy)) return copy
  const mark = `cold copy ${++copies}`
  if (copy.$comment === undefined) copy.$comment = mark
  else if (typeof copy.$comment === 'string') copy.$comment += ` (${mark})`
  return copy
}
