import { defineKeyword, hasOwn, joinCode, js, KEY_WORK } from '../../core/index.ts'
import type { Code, EmitContext, RegexMatcher, RunContext, SchemaHandle } from '../../core/index.ts'
import { closeAhead, keysTested } from './properties.ts'
import { compilePattern, nameTest, noUnknownKeys } from './_shared.ts'
import { additionalText } from './_errors.ts'

/** `additionalProperties` compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
class Additional {
  constructor(
    readonly handle: SchemaHandle,
    /** Names in sibling `properties`. */
    readonly named: Set<string>,
    /** Patterns of sibling `patternProperties`. */
    readonly patterns: readonly RegexMatcher[],
    /** The subschema is `false`: report each extra property by name. */
    readonly forbidden: boolean,
  ) {}
}

const NO_PATTERNS: readonly RegexMatcher[] = Object.freeze([])

export { additionalText }

function isAdditional(a: Additional, key: string, ctx?: RunContext): boolean {
  if (a.named.has(key)) return false
  for (const re of a.patterns) if (re.test(key, ctx)) return false
  return true
}

/** Generated code: `test` is true when `x` has no own property `a` forbids (see `noUnknownKeys`). */
function noneUnknown(a: Additional, g: EmitContext): { setup: Code; test: Code } {
  return noUnknownKeys(g, [...a.named], (k) => a.patterns.map((re) => js`${g.constant(re)}.test(${k})`))
}

/**
 * `additionalProperties`: own properties not matched by sibling `properties` or
 * `patternProperties` must be valid against this schema (`false`: must not exist).
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-10.3.2.3
 */
export const additionalPropertiesKeyword = defineKeyword<unknown, Additional>({
  keyword: 'additionalProperties',
  vocabulary: 'applicator',
  schemaShape: 'schema',
  applies: 'child',
  instanceTypes: ['object'],
  compile(value, ctx) {
    const properties = ctx.schema.properties
    const patterns = ctx.schema.patternProperties
    const a = new Additional(
      ctx.subschema(),
      new Set(typeof properties === 'object' && properties !== null ? Object.keys(properties) : []),
      typeof patterns === 'object' && patterns !== null ? Object.keys(patterns).map((p) => compilePattern(p, ctx)) : NO_PATTERNS,
      value === false,
    )
    if (a.forbidden) closeAhead(ctx.schema)
    return a
  },
  mustHold: (a, segment) => (typeof segment === 'string' && isAdditional(a, segment) ? [a.handle] : []),
  // A key is never taken away: a forbidden one is final as soon as its name has arrived.
  early: {
    key: (a, name) => (a.forbidden && isAdditional(a, name) ? { params: { additionalProperty: name }, message: additionalText(name) } : undefined),
  },
  validate(a, x, ctx) {
    const o = x as Record<string, unknown>
    const tracker = ctx.evaluated
    if (!a.forbidden && !a.handle.asserts && !ctx.exhaustive) return true
    const keepGoing = (ctx.collecting && ctx.allErrors) || ctx.exhaustive
    let ok = true
    const keys = Object.keys(o)
    if (ctx.budgeted) ctx.charge(keys.length * KEY_WORK)
    for (const key of keys) {
      // Whether the key is additional first: a value the keyword does not apply to is not read
      // (generated code reads it only then too, so both tiers meet a throwing getter alike).
      if (!isAdditional(a, key, ctx)) continue
      const v = o[key]
      if (v === undefined) continue
      if (tracker !== null) tracker.markProperty(key)
      if (a.forbidden) {
        ok = false
        // The message is built only on the failure pass.
        if (ctx.collecting) ctx.report({ additionalProperty: key }, additionalText(key))
        if (!keepGoing) return false
      } else if (!ctx.apply(a.handle, v, key)) {
        ok = false
        if (!keepGoing) return false
      }
    }
    return ok
  },
  // The keys `validate` walks (`Object.keys`: own, enumerable), one load per value: no own test
  // per key, as a for-in loop over inherited keys would need (a call the engine does not inline).
  emit(a, g) {
    // The sibling `properties` step (or, with patterns, `patternProperties`), earlier in this
    // node's code, failed on any unknown key.
    if (a.forbidden && keysTested(g)) return js`true`
    if (a.forbidden) return noneUnknown(a, g)
    const keys = g.local()
    const i = g.local()
    const k = g.local()
    const v = g.local()
    const ok = g.local()
    const known = [nameTest(g, k, a.named), ...a.patterns.map((re) => js`${g.constant(re)}.test(${k})`)].filter((t) => t !== 'false')
    const skip = known.length === 0 ? js`` : js`if (${joinCode(known, js` || `)}) continue;`
    const child = g.applyEach(a.handle, v, k)
    if (child.test === 'true') return js`true`
    return {
      setup: js`${ok} = true; ${keys} = ${g.constant(Object.keys)}(x); for (${i} = 0; ${i} < ${keys}.length; ${i}++) { ${k} = ${keys}[${i}]; ${skip} if ((${v} = x[${k}]) === undefined) continue; ${child.setup}\nif (!${child.test}) { ${ok} = false; break; } }`,
      test: ok,
      transparent: true,
    }
  },
  defaults(a, x, ctx) {
    if (!ctx.owns(x) || Array.isArray(x)) return
    for (const key of Object.keys(x)) if (hasOwn(x, key) && isAdditional(a, key)) ctx.fill(a.handle, x, key)
  },
})
