/**
 * The two independent validators the fuzz suite compares schemavet with: ajv 8 (one instance per
 * dialect, own-property semantics, formats off) and @hyperjump/json-schema (formats off, no
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
import type { FuzzDialect } from './fuzz-schemas.ts'

/** An oracle's answer for one datum. */
export type Verdict = boolean | 'error'

/** Compiles `schema` of dialect `dialect` and answers for each datum. */
export interface Oracle {
  readonly name: string
  verdicts(dialect: FuzzDialect, schema: Record<string, unknown>, data: readonly unknown[]): Promise<Verdict[]>
}

const ajvOptions = { strict: false, validateFormats: false, ownProperties: true, logger: false as const }
const ajvs: Record<FuzzDialect, { compile(s: unknown): ValidateFunction; removeSchema(): unknown }> = {
  '2020-12': new Ajv2020(ajvOptions),
  '2019-09': new Ajv2019(ajvOptions),
  'draft-07': new Ajv(ajvOptions),
}

/** ajv 8: compiled per case, then removed (generated `$id`s repeat across cases). */
export const ajvOracle: Oracle = {
  name: 'ajv',
  async verdicts(dialect, schema, data) {
    const ajv = ajvs[dialect]
    try {
      let fn: ValidateFunction
      try {
        fn = ajv.compile(structuredClone(schema))
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
  async verdicts(_dialect, schema, data) {
    blockFetch()
    setShouldValidateFormat(false)
    const uri = `https://fuzz.example/case${++counter}/root.json`
    try {
      registerSchema(structuredClone(schema) as never, uri)
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
