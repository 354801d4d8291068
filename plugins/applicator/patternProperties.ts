import { defineKeyword, joinCode, js, KEY_WORK } from '../../core/index.ts'
import type { RegexMatcher, SchemaHandle } from '../../core/index.ts'
import { compilePattern } from './_shared.ts'

/**
 * `patternProperties`: each own property whose name matches a pattern must be valid against
 * that pattern's schema.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-10.3.2.2
 */
export const patternPropertiesKeyword = defineKeyword<unknown, [RegexMatcher, SchemaHandle][]>({
  keyword: 'patternProperties',
  vocabulary: 'applicator',
  schemaShape: 'schemaMap',
  applies: 'child',
  instanceTypes: ['object'],
  compile(value, ctx) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) ctx.fail('patternProperties must be an object of schemas')
    return Object.keys(value as object).map((source) => [compilePattern(source, ctx, source), ctx.subschema(source)])
  },
  mustHold: (entries, segment) => (typeof segment === 'string' ? entries.filter(([re]) => re.test(segment)).map(([, handle]) => handle) : []),
  validate(entries, x, ctx) {
    const o = x as Record<string, unknown>
    const tracker = ctx.evaluated
    if (!ctx.exhaustive && !entries.some(assertsSomething)) return true
    const keepGoing = (ctx.collecting && ctx.allErrors) || ctx.exhaustive
    let ok = true
    const keys = Object.keys(o)
    // Each key is work (besides each pattern's test, charged by the matcher), charged before the walk.
    if (ctx.budgeted) ctx.charge(keys.length * KEY_WORK)
    for (const key of keys) {
      const v = o[key]
      if (v === undefined) continue
      for (const [re, handle] of entries) {
        if (!re.test(key, ctx)) continue
        if (tracker !== null) tracker.markProperty(key)
        if (!ctx.apply(handle, v, key)) {
          ok = false
          if (!keepGoing) return false
        }
      }
    }
    return ok
  },
  // The keys `validate` walks (`Object.keys`: own, enumerable), one load per value.
  emit(entries, g) {
    const keys = g.local()
    const i = g.local()
    const k = g.local()
    const v = g.local()
    const ok = g.local()
    const tests = entries.map(([re, h]) => {
      const child = g.applyEach(h, v, k)
      return child.test === 'true' ? js`` : js`if (${g.constant(re)}.test(${k})) { ${child.setup}\nif (!${child.test}) { ${ok} = false; break; } }`
    })
    if (tests.every((t) => t === '')) return js`true`
    return {
      setup: js`${ok} = true; ${keys} = ${g.constant(Object.keys)}(x); for (${i} = 0; ${i} < ${keys}.length; ${i}++) { ${k} = ${keys}[${i}]; if ((${v} = x[${k}]) === undefined) continue; ${joinCode(tests, js` `)} }`,
      test: ok,
      transparent: true,
    }
  },
  defaults(entries, x, ctx) {
    if (!ctx.owns(x) || Array.isArray(x)) return
    for (const key of Object.keys(x)) for (const [re, handle] of entries) if (re.test(key)) ctx.fill(handle, x, key)
  },
})

const assertsSomething = ([, handle]: [unknown, SchemaHandle]): boolean => handle.asserts
