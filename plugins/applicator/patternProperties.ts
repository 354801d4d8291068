import { defineKeyword, joinCode, js, KEY_WORK } from '../../core/index.ts'
import type { RegexMatcher, SchemaHandle } from '../../core/index.ts'
import { forbidsOthers, scanned } from './properties.ts'
import { compilePattern, nameTest } from './_shared.ts'

/** `patternProperties` beside `additionalProperties: false`, to the schema they sit in (see `emit`). */
const closedBeside = new WeakMap<object, object>()

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
    const entries: [RegexMatcher, SchemaHandle][] = Object.keys(value as object).map((source) => [compilePattern(source, ctx, source), ctx.subschema(source)])
    if (ctx.schema.additionalProperties === false) closedBeside.set(entries, ctx.schema)
    return entries
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
    const children = entries.map(([, h]) => g.applyEach(h, v, k))
    const schema = closedBeside.get(entries)
    // Beside `additionalProperties: false`, a key matched by no pattern (`m` left false) and named
    // in no sibling `properties` fails the node, which the interpreter then explains from its
    // steps in order (the issues are its own whatever the key order); that keyword then writes no
    // loop of its own. Only where some pattern's schema tests its values: otherwise this step
    // writes no loop, and that keyword's (names first, a pattern test and a load only for the
    // rest) is cheaper. The node body is marked as its keys tested (`keysTested`).
    const m = schema !== undefined && children.some((c) => c.test !== 'true') && forbidsOthers.has(schema) && scanned.add(g) ? g.local() : undefined
    const tests = entries.map(([re], n) => {
      const child = children[n]!
      return child.test === 'true' && m === undefined ? js`` : js`if (${g.constant(re)}.test(${k})) { ${m === undefined ? js`` : js`${m} = true; `}${child.setup}\nif (!${child.test}) { ${ok} = false; break; } }`
    })
    if (tests.every((t) => t === '')) return js`true`
    return {
      setup: js`${ok} = true; ${keys} = ${g.constant(Object.keys)}(x); for (${i} = 0; ${i} < ${keys}.length; ${i}++) { ${k} = ${keys}[${i}]; if ((${v} = x[${k}]) === undefined) continue; ${m === undefined ? joinCode(tests, js` `) : js`${m} = false; ${joinCode(tests, js` `)} if (!${m} && !${nameTest(g, k, Object.keys(Object((schema as Record<string, unknown>).properties)))}) { ${ok} = ${g.failNode()}; break; }`} }`,
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
