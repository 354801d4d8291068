import { count as counted, defineKeyword, js, literal, nonFinite } from '../../core/index.ts'
import type { CompileContext, SchemaHandle } from '../../core/index.ts'
import { SINCE_06 } from '../dialects.ts'

/** `contains` with its bounds, compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
class Contains {
  constructor(
    readonly handle: SchemaHandle,
    readonly min: number,
    readonly max: number,
  ) {}
}

function count(ctx: CompileContext, name: string, fallback: number): number {
  const v = ctx.schema[name]
  if (v === undefined) return fallback
  const why = nonFinite(v)
  if (why !== undefined) ctx.fail(`${name} must be a finite number (got ${why})`)
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) ctx.fail(`${name} must be a non-negative integer`)
  return v
}

/**
 * `contains` with `minContains` / `maxContains`: the number of items valid against the schema
 * must be within the bounds (at least one by default).
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-10.3.1.3
 */
export const containsKeyword = defineKeyword<unknown, Contains>({
  keyword: 'contains',
  dialects: SINCE_06,
  vocabulary: 'applicator',
  schemaShape: 'schema',
  applies: 'child',
  instanceTypes: ['array'],
  compile(_value, ctx) {
    if (ctx.dialect === 'draft-07') return new Contains(ctx.subschema(), 1, Infinity)
    return new Contains(ctx.subschema(), count(ctx, 'minContains', 1), count(ctx, 'maxContains', Infinity))
  },
  validate(c, x, ctx) {
    const a = x as unknown[]
    const tracker = ctx.evaluated
    const all = ctx.exhaustive || c.max !== Infinity
    const mark = ctx.errorMark()
    let matches = 0
    // A subschema that asserts nothing matches every item, unread (as in generated code).
    if (!c.handle.asserts && !ctx.exhaustive) matches = a.length
    else for (let i = 0; i < a.length; i++) {
      if (!ctx.apply(c.handle, a[i], i)) continue
      matches++
      tracker?.markItem(i)
      if (!all && matches >= c.min) break
    }
    ctx.resetErrors(mark)
    if (matches < c.min) {
      // The message is built only on the failure pass.
      if (ctx.collecting) ctx.report({ minContains: c.min }, `must contain at least ${counted(c.min, 'item')} matching the "contains" schema (got ${matches} of ${counted(a.length, 'item')})`)
      return false
    }
    if (matches > c.max) {
      if (ctx.collecting) ctx.report({ maxContains: c.max }, `must contain at most ${counted(c.max, 'item')} matching the "contains" schema (got ${matches} of ${counted(a.length, 'item')})`)
      return false
    }
    return true
  },
  emit(c, g) {
    const i = g.local()
    const n = g.local()
    const stop = c.max === Infinity ? js`${n} >= ${literal(c.min)}` : js`${n} > ${literal(c.max)}`
    const child = g.applyEach(c.handle, js`x[${i}]`)
    const loop = js`${n} = 0; for (${i} = 0; ${i} < x.length; ${i}++) { ${child.setup}\nif (${child.test} && (++${n}, ${stop})) break; }`
    return { setup: loop, test: js`${n} >= ${literal(c.min)} && ${n} <= ${literal(c.max)}` }
  },
})
