/**
 * Compiled modules against the runtime: each schema compiled with `compileModule` into a temporary
 * folder, run on its data by `child.ts` in child processes with code generation forbidden (many
 * modules per process, so a run's cost is the modules' and not the processes'), and each answer
 * compared with the runtime's own (`newJSONSchema` with the same options): `isValid`, `validate`'s
 * issues (paths, keywords, params, messages), `applyDefaults`' copy or what it threw, `~standard`,
 * and that the data was not mutated. Shared by `suite.test.ts` and `scripts/compile-corpus.ts`.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { applyDefaults, newJSONSchema } from '../../index.ts'
import type { JSONSchemaValidator, SchemaOptions } from '../../index.ts'
import { compileModule } from '../../compile/index.ts'
import type { CompileModuleOptions } from '../../compile/index.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
/** The runtime entry the modules import: its source, loaded through tsx in the children. */
const RUNTIME = pathToFileURL(join(root, 'runtime.ts')).href
/** The interpreter entry the other modules import, likewise. */
const INTERPRETER = pathToFileURL(join(root, 'runtime/interpreter.ts')).href

export interface Subject {
  /** A label for a difference (`draft7/ref.json: remote ref`). */
  name: string
  schema: unknown
  options: SchemaOptions
  data: unknown[]
}

export interface Comparison {
  /** Modules compiled and run. */
  modules: number
  /** Data values compared (each on isValid, issues, defaults, ~standard, no mutation). */
  values: number
  /** Modules whose `isValid` is their own generated code (the rest: the interpreter). */
  generated: number
  /** Of those, modules that took some constants from the runtime's compile at load. */
  rebuilt: number
  /** Modules whose `validate` builds its issue with its own failure code. */
  failureCode: number
  /** Modules whose `applyDefaults` fills the copy with its own defaults code. */
  defaultsCode: number
  /** Modules written whole (no interpreter imported). */
  whole: number
  /** Schemas the runtime refuses (compileModule must refuse them as well: checked). */
  refused: number
  differences: string[]
  /** Characters of module code written. */
  codeChars: number
}

function expected(v: JSONSchemaValidator, data: unknown) {
  let defaults: unknown
  try {
    defaults = { value: applyDefaults(data, v) }
  } catch (e) {
    defaults = { threw: (e as Error).message }
  }
  return { isValid: v.isValid(data), errors: v.validate(data)?.errors ?? null, defaults, standard: v['~standard'].validate(data), mutated: false }
}

/** Runs `subjects` through compiled modules, `perProcess` modules to a child. */
export function compareCompiled(subjects: Subject[], opts: { perProcess?: number; compile?: Partial<CompileModuleOptions> } = {}): Comparison {
  const dir = mkdtempSync(join(tmpdir(), 'schemavet-compile-'))
  const result: Comparison = { modules: 0, values: 0, generated: 0, rebuilt: 0, failureCode: 0, defaultsCode: 0, whole: 0, refused: 0, differences: [], codeChars: 0 }
  try {
    const runs: { subject: Subject; module: string; expect: unknown[] }[] = []
    for (const [i, subject] of subjects.entries()) {
      let runtimeError: string | undefined
      let runtime: JSONSchemaValidator | undefined
      try {
        runtime = newJSONSchema(subject.schema, subject.options)
      } catch (e) {
        runtimeError = (e as Error).message
      }
      let compiled
      try {
        compiled = compileModule(subject.schema, { ...subject.options, ...opts.compile, runtime: RUNTIME, interpreter: INTERPRETER } as CompileModuleOptions)
      } catch (e) {
        if (runtimeError === undefined) result.differences.push(`${subject.name}: compileModule threw where the runtime compiles: ${(e as Error).message}`)
        else if ((e as Error).message !== runtimeError) result.differences.push(`${subject.name}: compileModule refused with another error: ${(e as Error).message}`)
        else result.refused++
        continue
      }
      if (runtime === undefined) {
        result.differences.push(`${subject.name}: compiled where the runtime refuses (${runtimeError})`)
        continue
      }
      if (compiled.tier.generated) {
        result.generated++
        if (compiled.tier.rebuilt > 0) result.rebuilt++
      }
      if (compiled.failureCode) result.failureCode++
      if (compiled.defaultsCode) result.defaultsCode++
      if (compiled.whole) result.whole++
      const module = join(dir, `m${i}.mjs`)
      writeFileSync(module, compiled.code)
      result.codeChars += compiled.code.length
      runs.push({ subject, module, expect: subject.data.map((d) => expected(runtime!, d)) })
    }
    const per = opts.perProcess ?? 400
    for (let from = 0; from < runs.length; from += per) {
      const part = runs.slice(from, from + per)
      const batchFile = join(dir, `batch${from}.json`)
      const resultFile = join(dir, `result${from}.json`)
      writeFileSync(batchFile, JSON.stringify(part.map((r) => ({ module: r.module, data: r.subject.data }))))
      const child = spawnSync(
        process.execPath,
        ['--disallow-code-generation-from-strings', '--import', 'tsx', '--import', './test/support/optional-entries.ts', join(root, 'test/compile/child.ts'), batchFile, resultFile],
        { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 },
      )
      if (child.status !== 0) {
        result.differences.push(`child process for modules ${from}..${from + part.length - 1} exited ${child.status}: ${child.stderr.slice(0, 2000)}`)
        continue
      }
      const got = JSON.parse(readFileSync(resultFile, 'utf8')) as unknown[]
      part.forEach((r, j) => {
        result.modules++
        const answers = got[j]
        if (!Array.isArray(answers)) {
          result.differences.push(`${r.subject.name}: the module did not load: ${JSON.stringify(answers)}`)
          return
        }
        r.expect.forEach((want, k) => {
          result.values++
          const have = JSON.stringify(answers[k])
          const wanted = JSON.stringify(want)
          if (have !== wanted) result.differences.push(`${r.subject.name} [data ${k}: ${JSON.stringify(r.subject.data[k]).slice(0, 120)}]\n  module:  ${have.slice(0, 600)}\n  runtime: ${wanted.slice(0, 600)}`)
        })
      })
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return result
}
