/**
 * The three validators the corpus run compares, each as a user would set it up for a schema
 * found in the wild: the dialect chosen by `$schema` (none: draft 2020-12, as the labels assume),
 * no network, formats either annotated or asserted. Each answers per file: the schema refused
 * (with the first line of the reason), or one verdict per labelled instance.
 */
import { createRequire } from 'node:module'
import { Ajv } from 'ajv'
import type { Options as AjvOptions, ValidateFunction } from 'ajv'
import { Ajv2019 } from 'ajv/dist/2019.js'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { registerSchema, setShouldValidateFormat, unregisterSchema, validate as hyperjumpValidate } from '@hyperjump/json-schema/draft-2020-12'
import '@hyperjump/json-schema/draft-2019-09'
import '@hyperjump/json-schema/draft-07'
import '@hyperjump/json-schema/draft-06'
import '@hyperjump/json-schema/draft-04'
import '@hyperjump/json-schema/formats'
import { createKernel } from '../../index.ts'
// The whole library, as a user who imports the optional entries has it (IDN formats, the linear engine).
import '../../idn.ts'
import '../../linear-regex.ts'

/** Libraries by name, in the order the report shows them. */
export const LIBRARIES = ['schemavet', 'ajv', 'hyperjump'] as const
export type LibraryName = (typeof LIBRARIES)[number]

/** How `format` is treated. */
export const MODES = ['annotate', 'assert'] as const
export type FormatMode = (typeof MODES)[number]

/** The dialects the report groups by (`none`: no `$schema`, read as 2020-12). */
export type DialectKey = 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12' | 'none' | 'other'
export const DIALECT_KEYS: readonly DialectKey[] = ['draft-04', 'draft-06', 'draft-07', '2019-09', '2020-12', 'none', 'other']

/** The dialect a root schema declares. */
export function dialectOf(schema: unknown): DialectKey {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return 'none'
  const declared = (schema as Record<string, unknown>).$schema
  if (declared === undefined) return 'none'
  if (typeof declared !== 'string') return 'other'
  const m = /^https?:\/\/json-schema\.org\/(draft-0[467]|draft\/2019-09|draft\/2020-12)\/schema#?$/.exec(declared)
  if (m === null) return 'other'
  return m[1]!.replace('draft/', '') as DialectKey
}

/** One library's answer on one file in one mode. */
export type Answer = { refused: string } | { verdicts: boolean[] }

/** The corpus file as stored. */
export interface CorpusFile {
  schema: unknown
  tests?: { description?: string; data: unknown; valid: boolean }[]
}

type Runner = (file: CorpusFile, mode: FormatMode) => Promise<Answer>

const firstLine = (e: unknown) => String(e instanceof Error ? e.message : e).split('\n')[0]!.slice(0, 300)

// --- schemavet: the default kernel's behaviour, formats by option.
const kernel = createKernel()
const schemavet: Runner = async (file, mode) => {
  let validator
  try {
    validator = kernel.newJSONSchema(file.schema, { formats: mode })
  } catch (e) {
    return { refused: firstLine(e) }
  }
  try {
    return { verdicts: (file.tests ?? []).map((t) => validator.validate(t.data) === null) }
  } catch (e) {
    // `validate` must never throw for data: surfaced as a refusal so the run cannot miss it.
    return { refused: `validate threw: ${firstLine(e)}` }
  }
}

// --- ajv 8: one instance per dialect and mode, emptied after each file (ids repeat across files).
const require = createRequire(import.meta.url)
// Both packages set `module.exports` to the class / plugin (and `.default` to the same).
const AjvDraft04 = require('ajv-draft-04') as typeof import('ajv-draft-04').default
const addFormats = require('ajv-formats') as typeof import('ajv-formats').default
type AjvLike = { compile(schema: unknown): ValidateFunction; removeSchema(): unknown }
const ajvInstances = new Map<string, AjvLike>()

function ajvFor(dialect: DialectKey, mode: FormatMode): AjvLike {
  const key = `${dialect}/${mode}`
  let ajv = ajvInstances.get(key)
  if (ajv !== undefined) return ajv
  const options: AjvOptions = { strict: false, logger: false, validateFormats: mode === 'assert' }
  let instance
  if (dialect === 'draft-04') instance = new AjvDraft04(options)
  else if (dialect === 'draft-06' || dialect === 'draft-07') {
    instance = new Ajv(options)
    if (dialect === 'draft-06') instance.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'))
  } else if (dialect === '2019-09') instance = new Ajv2019(options)
  else instance = new Ajv2020(options)
  if (mode === 'assert') addFormats(instance as never)
  ajv = instance as unknown as AjvLike
  ajvInstances.set(key, ajv)
  return ajv
}

const ajv: Runner = async (file, mode) => {
  const instance = ajvFor(dialectOf(file.schema), mode)
  try {
    let fn: ValidateFunction
    try {
      fn = instance.compile(structuredClone(file.schema))
    } catch (e) {
      return { refused: firstLine(e) }
    }
    const verdicts: boolean[] = []
    for (const t of file.tests ?? []) {
      const answer = fn(t.data) as unknown
      // A schema with `$async: true` makes ajv answer with a promise that rejects when invalid.
      verdicts.push(answer instanceof Promise ? await answer.then(() => true, () => false) : answer === true)
    }
    return { verdicts }
  } finally {
    instance.removeSchema()
  }
}

// --- @hyperjump/json-schema: registered under a fresh URI per file, never fetching.
let fetchBlocked = false
let counter = 0
const DEFAULT_DIALECT = 'https://json-schema.org/draft/2020-12/schema'

const hyperjump: Runner = async (file, mode) => {
  if (!fetchBlocked) {
    fetchBlocked = true
    globalThis.fetch = async (input: unknown) => {
      throw new Error(`corpus run: no network (${String(input)})`)
    }
  }
  setShouldValidateFormat(mode === 'assert')
  const uri = `https://corpus.example/file${++counter}/root.json`
  try {
    registerSchema(structuredClone(file.schema) as never, uri, DEFAULT_DIALECT)
    const fn = await hyperjumpValidate(uri)
    return { verdicts: (file.tests ?? []).map((t) => fn(t.data as never).valid) }
  } catch (e) {
    return { refused: firstLine(e) }
  } finally {
    try {
      unregisterSchema(uri)
    } catch {
      // Registration itself failed: nothing to remove.
    }
  }
}

/** The runners by library name. */
export const RUNNERS: Record<LibraryName, Runner> = { schemavet, ajv, hyperjump }
