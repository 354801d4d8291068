/**
 * The harness a plugin author runs to check a keyword's `emit` against its `validate`: each case's
 * schema is compiled twice on a kernel holding the keyword, once interpreted (`codegen: false`)
 * and once generated from the first call (`codegenThreshold: 0`), and every instance must get the
 * same answer and the same issues from both.
 */
import type { EmitContext, Kernel, KeywordDefinition, SchemaOptions, ValidationIssue } from '../core/index.ts'

/** One schema using the keyword, and the instances to run through both tiers. */
export interface EmitCase {
  schema: unknown
  instances: readonly unknown[]
  /** Compile options for both tiers (a dialect, `allErrors`, formats, ...). */
  options?: Omit<SchemaOptions, 'codegen' | 'codegenThreshold'>
}

/** A disagreement between the tiers (or a case that checked nothing). */
export interface EmitDifference {
  /** The case's index in `cases`. */
  case: number
  /** The instance (absent when the difference is about the schema). */
  instance?: unknown
  /** What differs, in words. */
  problem: string
  /** Each tier's issues (`null`: valid). */
  interpreted?: readonly ValidationIssue[] | null
  generated?: readonly ValidationIssue[] | null
}

interface Compiled {
  validate(data: unknown): { errors: readonly ValidationIssue[] } | null
}

const described = (issues: readonly ValidationIssue[] | null): string =>
  issues === null ? 'valid' : JSON.stringify(issues.map((i) => ({ keyword: i.keyword, instancePath: i.instancePath, schemaPath: i.schemaPath, params: i.params, message: i.message })))

/**
 * The differences between the tiers over `cases`, on a kernel `kernelWith` makes with the
 * keyword registered (the definition's `emit` wrapped to count its calls): empty when they agree.
 */
export function compareTiers(kernelWith: (definition: KeywordDefinition) => Kernel, definition: KeywordDefinition, cases: readonly EmitCase[]): EmitDifference[] {
  const emit = definition.emit
  if (emit === undefined) return [{ case: -1, problem: `"${definition.keyword}" has no emit: nothing to check` }]
  let calls = 0
  const counted: KeywordDefinition = {
    ...definition,
    emit(compiled: unknown, g: EmitContext) {
      calls++
      return emit.call(definition, compiled, g)
    },
  }
  const kernel = kernelWith(counted)
  const out: EmitDifference[] = []
  cases.forEach((c, index) => {
    let interpreted: Compiled
    let generated: Compiled
    const before = calls
    try {
      interpreted = kernel.newJSONSchema(c.schema, { ...c.options, codegen: false }) as Compiled
      generated = kernel.newJSONSchema(c.schema, { ...c.options, codegenThreshold: 0 }) as Compiled
    } catch (e) {
      out.push({ case: index, problem: `the schema does not compile: ${e instanceof Error ? e.message : String(e)}` })
      return
    }
    // Generated code is written when the validator is made (threshold 0): no call, nothing checked.
    if (calls === before) {
      out.push({
        case: index,
        problem: `emit of "${definition.keyword}" was not called: the schema has no generated code using it (the keyword absent, or a schema the interpreter keeps: dynamic scope, unevaluated*, limits, a reference cycle)`,
      })
    }
    for (const instance of c.instances) {
      const a = interpreted.validate(instance)?.errors ?? null
      const b = generated.validate(instance)?.errors ?? null
      if ((a === null) !== (b === null)) {
        out.push({ case: index, instance, problem: `answers differ: interpreted ${a === null ? 'valid' : 'invalid'}, generated ${b === null ? 'valid' : 'invalid'}`, interpreted: a, generated: b })
        continue
      }
      if (described(a) !== described(b)) out.push({ case: index, instance, problem: 'issues differ', interpreted: a, generated: b })
    }
  })
  return out
}
