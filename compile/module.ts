/**
 * A schema compiled ahead of time: one JavaScript module (ESM or CommonJS) and its declarations.
 *
 * The module's boolean pass is the generated tier's own code text (`generatedSource`: the same
 * generator, written out instead of instantiated with `new Function`), so `isValid` answers as
 * the runtime's generated tier does with no compile at load. Its constants (patterns, sets,
 * enum values, checkers) are written as code where they have a source form; a checker the
 * runtime entry names (`helpers`) is taken from there; anything else (a keyword's own closure) is
 * taken from a compile of the same schema by the runtime at load, checked to produce the same
 * code text first. Issues, defaults and the Standard Schema view come from the runtime's
 * interpreter (`schemavet/runtime`), compiled on first use, so they are its answers byte for
 * byte. Shapes the generator does not cover (dynamic scope, `unevaluated*`, in-place cycles,
 * limits) are answered by the interpreter alone, which reports an in-place cycle on every call.
 *
 * `standalone`: nothing imported; the runtime entry, prebuilt as one script when the package is
 * built (`dist/runtime-standalone.js`), is written into the module.
 */
import { readFileSync } from 'node:fs'
import { newJSONSchema } from '../api.ts'
import type { SchemaOptions } from '../api.ts'
import { FailureRecord, generatedSource } from '../core/index.ts'
import type { ModuleSource } from '../core/index.ts'
import { helpers, textHash } from '../runtime/interpreter.ts'
import { moduleDeclarations } from './declarations.ts'
import { FAILURE_PRELUDE, failureCode } from './failure.ts'
import { defaultsCode } from './defaults.ts'
import { leanModule } from './lean.ts'

/** What `compileModule` takes: the runtime's schema options (JSON only), and how to write the module. */
export interface CompileModuleOptions extends Omit<SchemaOptions, 'customFormats' | 'basePath' | 'codegen' | 'codegenThreshold'> {
  /** `esm` (default): `import` and `export`; `cjs`: `require` and `exports`. */
  format?: 'esm' | 'cjs'
  /** Write the runtime into the module, importing nothing (larger: one copy per module). */
  standalone?: boolean
  /** The specifier a module written whole imports its helpers from (default `schemavet/runtime`). */
  runtime?: string
  /**
   * The specifier a module that needs the interpreter imports it from (default
   * `schemavet/runtime/interpreter`).
   */
  interpreter?: string
  /**
   * @internal For tests: where the module's failure code finds no issue for data its check
   * failed, `validate` answers an `unexplained` issue instead of asking the interpreter, so a
   * comparison sees every case the failure code does not explain itself.
   */
  explainOnly?: boolean
}

/** A compiled module: its code and its declarations (`.d.ts`, or `.d.cts` with `format: 'cjs'`). */
export interface CompiledModule {
  code: string
  types: string
  /** How the module answers `isValid`: its own generated code, or the interpreter (and why). */
  tier: { generated: true; rebuilt: number } | { generated: false; reason: string }
  /** Whether `validate` builds its issue with the module's own failure code (else the interpreter explains). */
  failureCode: boolean
  /** Whether `applyDefaults` fills the copy with the module's own defaults code (else the interpreter). */
  defaultsCode: boolean
  /**
   * Whether the module answers every export with its own code, importing only named helpers
   * (no interpreter: a bundle keeps a few kilobytes).
   */
  whole: boolean
}

/** Schema options a module's runtime is given (the rest configure the writing). */
function runtimeOptions(options: CompileModuleOptions): SchemaOptions {
  const { format: _f, standalone: _s, runtime: _r, interpreter: _i, explainOnly: _e, ...rest } = options as CompileModuleOptions & Record<string, unknown>
  if ('customFormats' in rest || 'codegen' in rest || 'codegenThreshold' in rest || 'basePath' in rest) {
    throw new TypeError('schemavet compile: customFormats, codegen, codegenThreshold and basePath have no meaning in a compiled module')
  }
  // The module writes its options as JSON: what JSON cannot carry would change meaning silently.
  const text = JSON.stringify(rest)
  const back = JSON.parse(text) as Record<string, unknown>
  for (const key of Object.keys(rest)) {
    if (JSON.stringify(back[key]) !== JSON.stringify(rest[key]) || !(key in back)) throw new TypeError(`schemavet compile: option ${key} is not JSON`)
  }
  for (const [key, v] of Object.entries(rest)) {
    if (typeof v === 'number' && !Number.isFinite(v)) throw new TypeError(`schemavet compile: option ${key} must be finite in a compiled module (omit it for no limit)`)
  }
  return back as SchemaOptions
}

/** A string as a JavaScript literal (U+2028/9 escaped for older engines). */
function str(s: string): string {
  return JSON.stringify(s).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** A JSON value as an expression: `JSON.parse` of its text (an object literal would give `__proto__` its meaning). */
function jsonExpression(value: unknown): string {
  return `JSON.parse(${str(JSON.stringify(value))})`
}

const helperNames = new Map<unknown, string>(Object.entries(helpers).map(([name, f]) => [f, name]))
const BUILTINS = new Map<unknown, string>([
  [Object.keys, 'Object.keys'],
  [Object.getOwnPropertyNames, 'Object.getOwnPropertyNames'],
])

/** Whether `v` is JSON made of plain arrays and objects (so `JSON.parse` of its text rebuilds it). */
function isPlainJson(v: unknown, depth = 0): boolean {
  if (depth > 200) return false
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0)
  if (Array.isArray(v)) return Object.getPrototypeOf(v) === Array.prototype && v.every((e) => isPlainJson(e, depth + 1))
  if (typeof v === 'object') {
    const p = Object.getPrototypeOf(v)
    if (p !== Object.prototype && p !== null) return false
    return Object.getOwnPropertySymbols(v).length === 0 && Object.values(v).every((e) => isPlainJson(e, depth + 1))
  }
  return false
}

/**
 * A constant's value as an expression, or undefined when it has none here (taken from the
 * runtime then). A failure record is its index: the runtime maps it to its own compile's record
 * when it explains a failure.
 */
function constantExpression(v: unknown, index = -1): string | undefined {
  if (v === undefined) return 'undefined'
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : Number.isNaN(v) ? 'NaN' : !Number.isFinite(v) ? (v > 0 ? 'Infinity' : '-Infinity') : String(v)
  if (typeof v === 'string') return str(v)
  if (v === null || typeof v === 'boolean') return String(v)
  if (v instanceof FailureRecord) return index >= 0 ? `{ r: ${index} }` : undefined
  if (typeof v === 'function') return BUILTINS.get(v) ?? (helperNames.has(v) ? `helpers[${str(helperNames.get(v)!)}]` : undefined)
  if (typeof v !== 'object') return undefined
  if (isPlainJson(v)) return jsonExpression(v)
  const proto = Object.getPrototypeOf(v)
  if (proto === RegExp.prototype) {
    const re = v as RegExp
    if (re.lastIndex !== 0 || Object.keys(re).length > 0) return undefined
    return `new RegExp(${str(re.source)}, ${str(re.flags)})`
  }
  if (proto === Set.prototype) {
    const items = [...(v as Set<unknown>)].map(constantExpression)
    return items.every((e) => e !== undefined) ? `new Set([${items.join(', ')}])` : undefined
  }
  if (proto === Map.prototype) {
    const entries: string[] = []
    for (const [k, e] of v as Map<unknown, unknown>) {
      const ke = constantExpression(k)
      const ve = constantExpression(e)
      if (ke === undefined || ve === undefined) return undefined
      entries.push(`[${ke}, ${ve}]`)
    }
    return `new Map([${entries.join(', ')}])`
  }
  if (Array.isArray(v) && proto === Array.prototype) {
    const items = v.map(constantExpression)
    return items.every((e) => e !== undefined) ? `[${items.join(', ')}]` : undefined
  }
  return undefined
}

/** The runtime entry, prebuilt as one script (`scripts/build.mjs`), for `standalone` modules. */
function standaloneRuntime(): string {
  const url = new URL(import.meta.url.includes('/dist/') ? '../runtime-standalone.js' : '../dist/runtime-standalone.js', import.meta.url)
  try {
    return readFileSync(url, 'utf8')
  } catch {
    throw new Error(`schemavet compile: --standalone needs the prebuilt runtime ${url.pathname} (npm run build)`)
  }
}

/**
 * Compiles `schema` (and the documents in `options.schemas` its `$ref`s name) into a module's
 * code and declarations. Options mean what they mean at run time, with the runtime's defaults.
 * @throws SchemaError for a schema the runtime refuses (the same error `newJSONSchema` throws)
 */
export function compileModule(schema: unknown, options: CompileModuleOptions = {}): CompiledModule {
  const format = options.format ?? 'esm'
  if (format !== 'esm' && format !== 'cjs') throw new TypeError(`schemavet compile: format must be 'esm' or 'cjs', got ${String(format)}`)
  const given = runtimeOptions(options)
  // The runtime's compile: a schema it refuses is refused here with its error.
  const validator = newJSONSchema(schema, { ...given, codegenThreshold: Infinity })
  const made = generatedSource(validator.compilation)
  const lines: string[] = ['// Written by `schemavet compile`: regenerate it rather than editing it.']
  // Issues built by the module's own code where it covers the compile (one issue: without `allErrors`).
  const resolved = validator.compilation.options
  const types = moduleDeclarations(schema, given, format)
  // A module written whole calls its checkers (one copy each, shared with its failure code); the
  // one that hands its code to the runtime writes the runtime's own text, checked at load.
  const called = 'source' in made && options.standalone !== true ? generatedSource(validator.compilation, false) : made
  if ('source' in called && options.standalone !== true) {
    const whole = leanModule({ schema, compilation: validator.compilation, source: called.source, format, from: str(options.runtime ?? 'schemavet/runtime'), constantExpression: (v) => constantExpression(v), jsonExpression })
    if (whole !== undefined) return { code: whole, types, tier: { generated: true, rebuilt: 0 }, failureCode: true, defaultsCode: true, whole: true }
  }
  let failure: ReturnType<typeof failureCode>
  let defaults: ReturnType<typeof defaultsCode>
  if ('source' in made) {
    // A constant of the boolean pass is named as it names it (`kN`: rebuilt at load where it has no source form).
    const named = new Map<unknown, number>()
    made.source.src.values.forEach((v, i) => i < 10_000 && !named.has(v) && named.set(v, i))
    const express = (v: unknown) => (named.has(v) ? `k${named.get(v)!}` : constantExpression(v))
    failure = failureCode(validator.compilation.root, express, resolved.allErrors, resolved.allErrors ? [] : made.source.src.values)
    defaults = defaultsCode(validator.compilation.root, express)
  }
  const imports = new Set(failure?.imports ?? [])
  if (defaults !== undefined) for (const n of ['copyJson', 'hasOwn', 'isPlainContainer', 'setOwn']) imports.add(n)
  const imported = ['moduleRuntime', 'helpers', ...[...imports].sort()]
  if (options.standalone === true) {
    lines.push(standaloneRuntime().trim(), `var ${imported.map((n) => `${n} = schemavetRuntime.${n}`).join(', ')};`)
  } else {
    const from = str(options.interpreter ?? 'schemavet/runtime/interpreter')
    lines.push(format === 'esm' ? `import { ${imported.join(', ')} } from ${from};` : `const { ${imported.join(', ')} } = require(${from});`)
  }
  lines.push(`const schema = ${jsonExpression(schema)};`, `const runtime = moduleRuntime(schema, ${jsonExpression(given)});`)
  let tier: CompiledModule['tier']
  if ('source' in made) {
    const m: ModuleSource = made.source
    const text = m.prelude + '\n' + m.functions
    const values = m.src.values
    const exprs = values.map((v, i) => constantExpression(v, i))
    const missing = exprs.filter((e) => e === undefined).length
    tier = { generated: true, rebuilt: missing }
    const fp = JSON.stringify({ length: text.length, hash: textHash(text), constants: values.length })
    if (missing > 0) lines.push(`const rebuilt = runtime.constants(${fp});`, 'const generated = rebuilt !== null;')
    else lines.push('const generated = true;')
    const list = exprs.map((e, i) => e ?? `rebuilt === null ? undefined : rebuilt[${i}]`)
    lines.push(`var constants = [${list.join(',\n  ')}];`)
    const named = Math.min(values.length, 10_000)
    if (named > 0) lines.push(`var ${Array.from({ length: named }, (_, i) => `k${i} = constants[${i}]`).join(', ')};`)
    lines.push(
      'var tooDeep = { tooDeep: true }, escapeToken = helpers.escapeToken;',
      'function makeRun() { return runtime.makeRun(); }',
      text,
      `function check(x) { depth = 0; run = null; failedAt = null; return ${m.root}(x); }`,
      // What the runtime's generated tier records, for the interpreter to explain a failure from.
      'function failure() {',
      '  if (failedAt === null) return null;',
      "  for (var p = '', i = failPathLength - 1, s; i >= 0; i--) p += failPathIsToken[i] ? failPath[i] : typeof (s = failPath[i]) === 'number' ? '/' + s : '/' + escapeToken(s);",
      '  return { record: failedAt.r, instance: failedValue, pointer: p, depth: failPathLength };',
      '}',
      'function enter(f, x) { depth = 0; run = null; failedAt = null; return f(x); }',
      ...(failure === undefined ? [] : [FAILURE_PRELUDE, failure.text, `var recordIssues = { ${[...failure.records].map(([i, f]) => `${i}: ${f}`).join(', ')} };`]),
      ...(defaults === undefined ? [] : [defaults.text]),
      `if (generated) runtime.attach({ fingerprint: ${fp}, check: check, failure: failure, enter: enter, fns: [${m.nodes.map((n) => m.fn.get(n)!).join(', ')}] });`,
    )
  } else {
    tier = { generated: false, reason: made.reason }
    lines.push('const generated = false;', 'function check(x) { return runtime.isValid(x); }')
  }
  lines.push(
    // As the runtime's validator: its generated code answers, and data it cannot take (too deep,
    // containing itself, a keyword that threw) goes to the interpreter.
    'function isValid(data) {',
    '  if (data === undefined || !generated) return runtime.isValid(data);',
    '  try { return check(data); } catch (e) { return runtime.isValid(data); }',
    '}',
    'function validate(data) {',
    '  if (data === undefined || !generated) return runtime.validate(data);',
    '  try { if (check(data)) return null; } catch (e) { return runtime.validate(data); }',
    ...(failure === undefined
      ? ['  return runtime.failed(data);']
      : [
          // Data the failure code cannot take (too deep for its recursion, a getter that throws)
          // or finds no issue in (never expected: the tiers agree) goes to the interpreter.
          ...(resolved.allErrors
            ? [
                // Every issue up to `maxErrors`, as the interpreter collects them with `allErrors`.
                `  var out = [], errors = null; out.max = ${Math.max(1, resolved.maxErrors)};`,
                `  try { ${failure.root}(data, '', out); errors = out; } catch (e) {}`,
                '  if (errors !== null && errors.length === 0) errors = null;',
                '  if (errors !== null) errors = collected(errors);',
              ]
            : [
                // A failure recorded at a leaf step is that step's issue (as the runtime explains it); others are walked.
                '  var at = failedAt === null ? undefined : recordIssues[failedAt.r];',
                "  if (at !== undefined) { var f = failure(); return { errors: [at(f.instance, f.pointer)] }; }",
                '  var errors = null;',
                `  try { var issue = ${failure.root}(data, ''); if (issue !== null) errors = [issue]; } catch (e) {}`,
              ]),
          options.explainOnly === true
            ? "  return { errors: errors === null ? [{ keyword: 'unexplained', instancePath: '', schemaPath: '#', params: {}, message: 'the failure code found no issue' }] : errors };"
            : '  return errors === null ? runtime.failed(data) : { errors: errors };',
        ]),
    '}',
    ...(defaults === undefined
      ? ['function applyDefaults(data) { return runtime.applyDefaults(data); }']
      : [
          // The runtime's copy, filled by the module's own defaults code; data the copy refuses
          // (too large, a getter that throws) goes to the interpreter for its error.
          'function applyDefaults(data) {',
          '  var copied;',
          '  try { copied = copyJson(data); } catch (e) { return runtime.applyDefaults(data); }',
          ...(defaults.none ? ['  return copied.copy;'] : ['  var box = { value: copied.copy };', `  ${defaults.root}(box, 'value');`, '  return box.value;']),
          '}',
        ]),
    "const standardSchema = { get '~standard'() { return runtime.standard(); } };",
  )
  if (format === 'esm') lines.push('export { isValid, validate, applyDefaults, schema, standardSchema, standardSchema as default };')
  else lines.push('exports.isValid = isValid;', 'exports.validate = validate;', 'exports.applyDefaults = applyDefaults;', 'exports.schema = schema;', 'exports.standardSchema = standardSchema;', 'exports.default = standardSchema;')
  return { code: lines.join('\n') + '\n', types, tier, failureCode: failure !== undefined, defaultsCode: defaults !== undefined, whole: false }
}
