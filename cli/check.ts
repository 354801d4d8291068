/**
 * `schemavet check <schema>`: everything wrong with a schema, each with its schema path.
 *
 * 1. Meta-schema problems: constructing with `validateSchema: true` throws a `SchemaError` that
 *    lists every problem.
 * 2. The compile, observed through the public hooks of a fresh kernel: keyword problems such as
 *    unresolvable references (a `compileKeyword` tap per keyword records a failure and skips
 *    that keyword only), reference cycles that consume no input (`cycle`), unknown keywords
 *    (`unknownKeyword`) and compile-time warnings (`warning`), super-linear patterns among them.
 */
import { SchemaError, createKernel, formatPointer } from '../api.ts'
import type { CompileContext, CompiledKeyword, SchemaOptions } from '../api.ts'
import { CHECK_OPTIONS, CHECK_USAGE, cliWording, parse, schemaOptions, write } from './args.ts'
import { CliError, readJson } from './json-io.ts'

/** One finding of `check`. */
export interface Finding {
  /** `error` fails the check (exit 1); `warning` is printed only. */
  severity: 'error' | 'warning'
  kind: 'meta-schema' | 'reference' | 'cycle' | 'unknown-keyword' | 'warning' | 'schema'
  schemaPath: string
  message: string
}

/** Thrown by the observing `ctx.fail`, caught at the keyword that failed. */
class Found {
  constructor(readonly schemaPath: string, readonly message: string) {}
}

const TAP = 'SchemavetCheck'

/** Every property name in the documents: a superset of the keywords a compile will meet. */
function namesIn(documents: unknown[]): Set<string> {
  const names = new Set<string>()
  const seen = new Set<object>()
  const stack = [...documents]
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v !== 'object' || v === null || seen.has(v)) continue
    seen.add(v)
    if (Array.isArray(v)) stack.push(...v)
    else for (const [k, x] of Object.entries(v)) names.add(k), stack.push(x)
  }
  return names
}

/**
 * A kernel whose hooks record what its compile meets. Each keyword is compiled through the other
 * taps with a `ctx.fail` that records the problem and skips only that keyword, so one bad keyword
 * does not hide the rest. `strict` makes unknown keywords errors.
 */
function observingKernel(findings: Finding[], strict: boolean, names: Set<string>) {
  const kernel = createKernel()
  const record = (schemaPath: string, message: string) => {
    const kind = message.startsWith('cannot resolve reference') ? 'reference' : 'schema'
    findings.push({ severity: 'error', kind, schemaPath, message: cliWording(message) })
  }
  for (const name of names) {
    const hook = kernel.hooks.compileKeyword.for(name)
    hook.tap({ name: TAP, stage: -1000 }, (value, ctx) => {
      const fail = (message: string, ...segments: (string | number)[]): never => {
        throw new Found(ctx.schemaPath + formatPointer(segments), message)
      }
      const observed = Object.create(ctx, { fail: { value: fail } }) as CompileContext
      try {
        for (const tap of hook.taps) {
          if (tap.name === TAP) continue
          const step = (tap.fn as (v: unknown, c: CompileContext) => CompiledKeyword | undefined)(value, observed)
          if (step !== undefined) return step
        }
        return undefined
      } catch (e) {
        if (e instanceof Found) record(e.schemaPath, e.message)
        else record(ctx.schemaPath, e instanceof Error ? e.message : String(e))
        return { definition: { keyword: name, vocabulary: 'check', compile: () => undefined }, compiled: undefined }
      }
    })
  }
  kernel.hooks.cycle.tap(TAP, ({ path }) => {
    findings.push({ severity: 'error', kind: 'cycle', schemaPath: path[0]!, message: `circular reference: ${path.join(' -> ')} never consumes input` })
  })
  kernel.hooks.unknownKeyword.tap(TAP, (keyword, _value, ctx) => {
    findings.push({
      severity: strict ? 'error' : 'warning',
      kind: 'unknown-keyword',
      schemaPath: ctx.schemaPath,
      message: `unknown keyword "${keyword}" (${strict ? 'strict mode' : 'an annotation; a typo?'})`,
    })
    return undefined
  })
  // Super-linear patterns will arrive here too once the kernel warns about them.
  kernel.hooks.warning.tap(TAP, (w) => {
    findings.push({ severity: 'warning', kind: 'warning', schemaPath: w.schemaPath, message: w.message })
  })
  return kernel
}

/** Checks a schema; returns every finding (none when the schema is fine). */
export function checkSchema(schema: unknown, options: SchemaOptions): Finding[] {
  const findings: Finding[] = []
  try {
    createKernel().newJSONSchema(schema, { ...options, strict: false, validateSchema: true })
  } catch (e) {
    if (!SchemaError.isInstance(e)) throw e
    for (const p of e.errors) {
      const meta = / \(meta-schema [^)]*\)$/.test(p.message)
      if (meta) findings.push({ severity: 'error', kind: 'meta-schema', schemaPath: p.schemaPath, message: p.message })
    }
  }
  try {
    const names = namesIn([schema, ...Object.values(options.schemas ?? {})])
    observingKernel(findings, options.strict === true, names).newJSONSchema(schema, { ...options, strict: false, validateSchema: false })
  } catch (e) {
    if (!SchemaError.isInstance(e)) throw e
    for (const p of e.errors) findings.push({ severity: 'error', kind: 'schema', schemaPath: p.schemaPath, message: p.message })
  }
  const seen = new Set<string>()
  return findings.filter((f) => {
    const key = `${f.schemaPath}\n${f.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Findings as text lines: `file: severity schemaPath: message`. */
export function describeFindings(file: string, findings: readonly Finding[]): string {
  if (findings.length === 0) return `${file}: ok\n`
  return findings.map((f) => `${file}: ${f.severity} [${f.kind}] ${f.schemaPath}: ${f.message}\n`).join('')
}

/** Runs `check`. Returns 0 (no errors), 1 (errors found) or 2 (usage, unreadable schema). */
export async function checkCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, CHECK_OPTIONS, 'check')
  if (values.help === true) {
    await write(process.stdout, CHECK_USAGE)
    return 0
  }
  if (positionals.length !== 1) throw new CliError('check needs exactly one schema file\nRun "schemavet check --help" for usage.')
  const output = values.output ?? 'text'
  if (output !== 'text' && output !== 'json') throw new CliError(`--output must be text or json for check (got "${String(output)}")`)
  const file = positionals[0]!
  const options = await schemaOptions(values)
  const findings = checkSchema(await readJson(file), options)
  const text = output === 'json' ? JSON.stringify({ file, findings }) + '\n' : describeFindings(file, findings)
  await write(process.stdout, text)
  return findings.some((f) => f.severity === 'error') ? 1 : 0
}
