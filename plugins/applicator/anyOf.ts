import { defineKeyword } from '../../core/index.ts'
import type { DefaultsContext, SchemaHandle } from '../../core/index.ts'
import { branchSummary, compileSchemaArray, reportBranches } from './_shared.ts'
import { Branches, applyMeant, discriminatorOf, routeCode, routeOf, somePasses } from './_discriminate.ts'

/**
 * Defaults of `anyOf`/`oneOf`: a branch's defaults apply only when exactly one branch validates
 * the value as defaulted so far (otherwise the choice would be a guess).
 */
export function fillSoleBranch(branches: SchemaHandle[], ctx: DefaultsContext): void {
  const value = ctx.current()
  let sole: SchemaHandle | undefined
  for (const b of branches) {
    if (!ctx.test(b, value)) continue
    if (sole !== undefined) return
    sole = b
  }
  if (sole !== undefined) ctx.fillHere(sole)
}

/**
 * `anyOf`: the value must be valid against at least one subschema. In a tagged union (see
 * `_discriminate.ts`) an object whose tag selects a branch is checked against that branch alone.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-10.2.1.2
 */
export const anyOfKeyword = defineKeyword<unknown, Branches>({
  keyword: 'anyOf',
  vocabulary: 'applicator',
  schemaShape: 'schemaArray',
  applies: 'in-place',
  compile: (value, ctx) => new Branches(compileSchemaArray(value, ctx)),
  validate(c, x, ctx) {
    const d = discriminatorOf(c)
    const meant = d === null ? -1 : routeOf(d, x)
    if (meant >= 0) return applyMeant(c, meant, x, ctx)
    const mark = ctx.errorMark()
    const all = ctx.exhaustive
    // Where each failed branch's issues end (they stay in place: see `reportBranches`).
    const ends: number[] | null = ctx.collecting ? [] : null
    let ok = false
    for (const b of c.handles) {
      if (ctx.apply(b, x)) {
        ok = true
        if (!all) break
      } else if (ends !== null) {
        ends.push(ctx.errorMark())
      }
    }
    if (ok) ctx.resetErrors(mark)
    else if (ends !== null && reportBranches(ctx, mark, ends)) {
      ctx.report({}, `must match at least one of the "anyOf" alternatives, but matches none (${branchSummary(ctx, mark, ends)})`)
    }
    return ok
  },
  // Stops at the first branch that passes (generated code exists only where no reference cycle is reachable).
  emit(c, g) {
    const d = g.type === 'object' ? discriminatorOf(c) : null
    return d !== null ? routeCode(g, d, c.handles) : somePasses(g, c.handles)
  },
  defaults: (c, _x, ctx) => fillSoleBranch(c.handles, ctx),
})
