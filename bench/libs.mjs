// The libraries under test, each behind one small adapter. Every library runs with its own
// defaults plus format assertion on (which all of them assert by default, except ajv, which
// gets it from ajv-formats). Each compiles its own deep copy of the schema, so no library can
// see another's caches or mutations; schemavet gets the schema object itself.
//
//   compile(schema)  -> (data) => boolean          the hot path that is timed
//   defaults(schema) -> (input) => [ok, value]     fill defaults (never into the caller's
//                                                  object), then validate: the answer and the
//                                                  filled-in value
//   release(schema)                                 forget a compiled schema (ajv's shared
//                                                  instance keeps every schema it compiled)
import { existsSync, readFileSync } from 'node:fs'
import { applyDefaults, newJSONSchema } from '../dist/index.js'
// The whole library, as before the optional parts had entries of their own.
import '../dist/idn.js'
import '../dist/linear-regex.js'

// The peers are not dependencies of the root package: bench/package.json lists them and
// `npm run bench` installs them into bench/node_modules. A peer that is not installed shows as
// "missing" in every row instead of stopping the run.
export const missing = {}
async function load(pkg, name) {
  try {
    return await import(pkg)
  } catch (e) {
    missing[name] = `${pkg} is not installed (npm --prefix bench install): ${String(e?.message ?? e).split('\n')[0]}`
    return undefined
  }
}
const ajvModule = await load('ajv/dist/2020.js', 'ajv')
const ajvFormatsModule = await load('ajv-formats', 'ajv')
const ataModule = await load('ata-validator', 'ata')
const schemasafeModule = await load('@exodus/schemasafe', 'schemasafe')
const cfworkerModule = await load('@cfworker/json-schema', 'cfworker')
const typeboxModule = await load('typebox/compile', 'typebox')
const jslModule = await load('json-schema-library', 'jsl')

const copy = (schema) => structuredClone(schema)
const unwrap = (m) => m?.default ?? m

// One shared ajv instance (its own defaults: strict mode on), formats from ajv-formats.
let ajv
let ajvDefaults
if (missing.ajv === undefined) {
  const Ajv2020 = unwrap(ajvModule)
  const addFormats = unwrap(ajvFormatsModule)
  ajv = new Ajv2020()
  addFormats(ajv)
  // Row 6 needs ajv's instance-wide `useDefaults`, so a second shared instance carries it.
  ajvDefaults = new Ajv2020({ useDefaults: true })
  addFormats(ajvDefaults)
}
const AtaValidator = ataModule?.Validator
const schemasafe = schemasafeModule?.validator
const CfValidator = cfworkerModule?.Validator
const TypeBoxCompile = typeboxModule?.Compile ?? typeboxModule?.default
const jslCompile = jslModule?.compileSchema

export const schemavet = {
  name: 'schemavet',
  compile(schema) {
    const v = newJSONSchema(schema)
    return (data) => v.validate(data) === null
  },
  defaults(schema) {
    const v = newJSONSchema(schema)
    return (input) => {
      const value = applyDefaults(input, v)
      return [v.validate(value) === null, value]
    }
  },
}

/**
 * schemavet without generated code: `codegen: false` takes the same path as a runtime that
 * forbids code generation from strings (`--disallow-code-generation-from-strings`, CSP without
 * 'unsafe-eval'): compiled closures only. A column of its own; never the ratio's schemavet.
 */
export const schemavetNoEval = {
  name: 'schemavet eval-free',
  compile(schema) {
    const v = newJSONSchema(schema, { codegen: false })
    return (data) => v.validate(data) === null
  },
  defaults(schema) {
    const v = newJSONSchema(schema, { codegen: false })
    return (input) => {
      const value = applyDefaults(input, v)
      return [v.validate(value) === null, value]
    }
  },
}

/** schemavet with its meta-schema check off: a diagnostic for the cold-start row only. */
export const schemavetNoMetaCheck = {
  name: 'schemavet, validateSchema: false',
  compileOwn(schema) {
    const v = newJSONSchema(schema, { validateSchema: false })
    return (data) => v.validate(data) === null
  },
}

export const peers = [
  {
    name: 'ajv',
    compile(schema) {
      const v = ajv.compile(schema)
      return (data) => v(data)
    },
    release(schema) {
      ajv.removeSchema(schema)
    },
    defaults(schema) {
      const v = ajvDefaults.compile(copy(schema))
      return (input) => {
        const value = structuredClone(input)
        return [v(value), value]
      }
    },
  },
  {
    name: 'ata',
    compile(schema) {
      const v = new AtaValidator(schema, { useDefaults: false })
      return (data) => v.isValidObject(data)
    },
    defaults(schema) {
      // ata's default mode: validate() fills defaults into the object it is given.
      const v = new AtaValidator(copy(schema))
      return (input) => {
        const value = structuredClone(input)
        return [v.validate(value).valid, value]
      }
    },
  },
  {
    name: 'schemasafe',
    compile(schema) {
      const v = schemasafe(schema)
      return (data) => v(data)
    },
    defaults(schema) {
      const v = schemasafe(copy(schema), { useDefaults: true })
      return (input) => {
        const value = structuredClone(input)
        return [v(value), value]
      }
    },
  },
  {
    name: 'cfworker',
    compile(schema) {
      const v = new CfValidator(schema, '2020-12')
      return (data) => v.validate(data).valid
    },
  },
  {
    name: 'typebox',
    compile(schema) {
      const v = TypeBoxCompile(schema)
      return (data) => v.Check(data)
    },
    defaults(schema) {
      const v = TypeBoxCompile(copy(schema))
      return (input) => {
        const value = v.Default(structuredClone(input))
        return [v.Check(value), value]
      }
    },
  },
  {
    name: 'jsl',
    compile(schema) {
      const v = jslCompile(schema)
      return (data) => v.validate(data).valid
    },
  },
]

// Peers get a private deep copy of every schema they compile.
for (const p of peers) {
  if (missing[p.name] !== undefined) {
    p.compile = p.compileOwn = () => {
      throw new Error(missing[p.name])
    }
    delete p.defaults
    p.missing = true
    continue
  }
  const compile = p.compile
  p.compile = (schema) => compile(copy(schema))
  p.compileOwn = compile // for schemas generated fresh (cold start, memory): no copy needed
}
schemavet.compileOwn = schemavet.compile
schemavetNoEval.compileOwn = schemavetNoEval.compile

export const libraries = [schemavet, schemavetNoEval, ...peers]

/** Installed versions, for the results header. */
export function versions() {
  const v = (pkg) => {
    for (const dir of ['./node_modules/', '../node_modules/']) {
      const file = new URL(`${dir}${pkg}/package.json`, import.meta.url)
      if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version
    }
    return 'not installed'
  }
  return {
    schemavet: JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version,
    ajv: v('ajv'),
    'ajv-formats': v('ajv-formats'),
    ata: v('ata-validator'),
    schemasafe: v('@exodus/schemasafe'),
    cfworker: v('@cfworker/json-schema'),
    typebox: v('typebox'),
    jsl: v('json-schema-library'),
  }
}

/** Diagnostics: which engine a peer picked for a schema, when it tells. */
export function engineOf(name, schema) {
  try {
    if (name === 'ata' && AtaValidator) return new AtaValidator(copy(schema), { useDefaults: false }).engine()
    if (name === 'typebox' && TypeBoxCompile) return TypeBoxCompile(copy(schema)).IsAccelerated() ? 'jit' : 'dynamic'
  } catch {
    return 'error'
  }
  return undefined
}
