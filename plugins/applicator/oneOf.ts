import { defineKeyword, got, joinCode, js } from '../../core/index.ts'
import { branchSummary, compileSchemaArray, noUnknownKeys, reportBranches } from './_shared.ts'
import { fillSoleBranch } from './anyOf.ts'
import { admitsType, closedNames, sharedTest } from './_common.ts'
import { Branches, applyMeant, discriminatorOf, exclusive, guardedBranch, routeCode, routeOf, somePasses } from './_discriminate.ts'

/**
 * `oneOf`: the value must be valid against exactly one subschema. In a tagged union (see
 * `_discriminate.ts`) an object whose tag selects a branch is checked against that branch alone.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-10.2.1.3
 */
export const oneOfKeyword = defineKeyword<unknown, Branches>({
  keyword: 'oneOf',
  vocabulary: 'applicator',
  schemaShape: 'schemaArray',
  applies: 'in-place',
  compile: (value, ctx) => new Branches(compileSchemaArray(value, ctx)),
  validate(c, x, ctx) {
    const d = discriminatorOf(c)
    const meant = d === null ? -1 : routeOf(d, x)
    if (meant >= 0) return applyMeant(c, meant, x, ctx)
    const branches = c.handles
    const mark = ctx.errorMark()
    const all = ctx.exhaustive
    // Where each failed branch's issues end (they stay in place: see `reportBranches`).
    const ends: number[] | null = ctx.collecting ? [] : null
    let first = -1
    let second = -1
    for (let i = 0; i < branches.length; i++) {
      if (!ctx.apply(branches[i]!, x)) {
        if (ends !== null) ends.push(ctx.errorMark())
        continue
      }
      if (first < 0) first = i
      else if (second < 0) {
        second = i
        if (!all) break
      }
    }
    if (first >= 0 && second < 0) {
      ctx.resetErrors(mark)
      return true
    }
    if (second >= 0) {
      ctx.resetErrors(mark)
      if (ctx.collecting) {
        ctx.report({ passingSchemas: [first, second] }, `must match exactly one of the "oneOf" alternatives, but matches alternatives ${first} and ${second}${got(x)}`)
      }
    } else {
      if (ends !== null && reportBranches(ctx, mark, ends)) {
        ctx.report({ passingSchemas: null }, `must match exactly one of the "oneOf" alternatives, but matches none (${branchSummary(ctx, mark, ends)})`)
      }
    }
    return false
  },
  // Counts passing branches, stopping at the second; branches that exclude each other stop at the first.
  emit(c, g) {
    const d = g.type === 'object' ? discriminatorOf(c) : null
    if (d !== null) return routeCode(g, d, c.handles)
    // A branch whose `type` excludes the value's passes no value here: it counts for nothing.
    const branches = c.handles.filter((b) => admitsType(b, g.type))
    if (branches.length <= 1 || exclusive(g, branches)) return somePasses(g, branches)
    const n = g.local()
    const tests = branches.map((b) => js`if (${guardedBranch(g, b)} && ++${n} > 1) break;`)
    // What every branch checks alike, tested once the first branch has failed (see `somePasses`).
    const shared = branches.length >= 3 ? sharedTest(g, branches) : js`true`
    if (shared !== 'true') {
      const names = closedNames(branches[0]!)
      const fit = names === undefined ? undefined : noUnknownKeys(g, names, () => [])
      const check = fit === undefined ? js`if (!(${shared})) break;` : js`${fit.setup} if (${fit.test} && !(${shared})) break;`
      tests.splice(1, 0, js`if (${n} === 0) { ${check} }`)
    }
    return { setup: js`${n} = 0; do { ${joinCode(tests, js` `)} } while (false);`, test: js`${n} === 1` }
  },
  defaults: (c, _x, ctx) => fillSoleBranch(c.handles, ctx),
})
