/**
 * The two independent validators the fuzz suite compares schemavet with: ajv 8 (one instance per
 * dialect, draft-04 read through its draft-06 rewrite, own-property semantics, formats off) and @hyperjump/json-schema (formats off, no
 * network: a reference it cannot find locally is an error, never a fetch). Each returns, per
 * datum, `true`/`false`, or `'error'` when it could not answer (refused the schema, overflowed
 * the stack on a reference cycle, threw).
 */
import { Ajv } from 'ajv'
import type { ValidateFunction } from 'ajv'
import { Ajv2019 } from 'ajv/dist/2019.js'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { registerSchema, setShouldValidateFormat, unregisterSchema, validate } from '@hyperjump/json-schema/draft-2020-12'
import '@hyperjump/json-schema/draft-2019-09'
import '@hyperjump/json-schema/draft-07'
import '@hyperjump/json-schema/draft-06'
import '@hyperjump/json-schema/draft-04'
import '@hyperjump/json-schema/openapi-3-0'
import draft06MetaSchema from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' }
import { draft06Of } from './fuzz-schemas.ts'
import type { FuzzDialect } from './fuzz-schemas.ts'

/** An oracle's answer for one datum. */
export type Verdict = boolean | 'error'

/** Compiles `schema` of dialect `dialect` and answers for each datum. */
export interface Oracle {
  readonly name: string
  verdicts(dialect: FuzzDialect, schema: Record<string, unknown>, data: readonly unknown[]): Promise<Verdict[]>
}

const ajvOptions = { strict: false, validateFormats: false, ownProperties: true, logger: false as const }
const ajv06 = new Ajv(ajvOptions)
ajv06.addMetaSchema(draft06MetaSchema)
const ajvs: Record<FuzzDialect, { compile(s: unknown): ValidateFunction; removeSchema(): unknown }> = {
  '2020-12': new Ajv2020(ajvOptions),
  '2019-09': new Ajv2019(ajvOptions),
  'draft-07': new Ajv(ajvOptions),
  'draft-06': ajv06,
  // ajv has no draft-04 or OpenAPI 3.0 of its own here: it reads the schema rewritten as draft-06 (`draft06Of`).
  'draft-04': ajv06,
  'openapi-3.0': ajv06,
}

/** ajv 8: compiled per case, then removed (generated `$id`s repeat across cases). */
export const ajvOracle: Oracle = {
  name: 'ajv',
  async verdicts(dialect, schema, data) {
    const ajv = ajvs[dialect]
    try {
      let fn: ValidateFunction
      try {
        fn = ajv.compile(dialect === 'draft-04' || dialect === 'openapi-3.0' ? draft06Of(schema) : structuredClone(schema))
      } catch {
        return data.map(() => 'error' as const)
      }
      return data.map((d) => {
        try {
          return fn(d) as boolean
        } catch {
          return 'error' as const
        }
      })
    } finally {
      ajv.removeSchema()
    }
  },
}

let fetchBlocked = false

/** Makes any fetch fail at once: the fuzz suite never reaches the network. */
function blockFetch(): void {
  if (fetchBlocked) return
  fetchBlocked = true
  globalThis.fetch = async (input: unknown) => {
    throw new Error(`fuzz: no network (${String(input)})`)
  }
}

let counter = 0

/** @hyperjump/json-schema: registered under a fresh URI per case, so relative `$id`s never clash. */
export const hyperjumpOracle: Oracle = {
  name: 'hyperjump',
  async verdicts(dialect, schema, data) {
    blockFetch()
    setShouldValidateFormat(false)
    const uri = `https://fuzz.example/case${++counter}/root.json`
    try {
      // OpenAPI 3.0 has no `$schema`: its dialect is given on registration.
      registerSchema(structuredClone(schema) as never, uri, dialect === 'openapi-3.0' ? 'https://spec.openapis.org/oas/3.0/dialect' : undefined)
      const fn = await validate(uri)
      return data.map((d) => {
        try {
          return fn(d as never).valid
        } catch {
          return 'error' as const
        }
      })
    } catch {
      return data.map(() => 'error' as const)
    } finally {
      try {
        unregisterSchema(uri)
      } catch {
        // Registration itself failed: nothing to remove.
      }
    }
  },
}
