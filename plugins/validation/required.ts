import { defineKeyword, excerpt, got, hasOwn } from '../../core/index.ts'
import type { RunContext } from '../../core/index.ts'
import { compileStringArray } from './_shared.ts'
import { SINCE_2019 } from '../dialects.ts'

/** Own property present with a value other than `undefined`. */
/** The message of a missing required property. */
export function missingText(name: string, object: unknown): string {
  return `must have required property ${excerpt(name, 200)}${got(object)}`
}

/** The message of a property missing beside the one that requires it (`dependentRequired`, `dependencies`). */
export function dependentText(missing: string, because: string, object: unknown): string {
  return `must have property ${excerpt(missing, 200)} because property ${excerpt(because, 200)} is present${got(object)}`
}

export function present(o: Record<string, unknown>, name: string): boolean {
  return o[name] !== undefined && hasOwn(o, name)
}

function reportMissing(names: string[], o: Record<string, unknown>, ctx: RunContext): boolean {
  let ok = true
  for (const name of names) {
    if (present(o, name)) continue
    ok = false
    ctx.report({ missingProperty: name }, missingText(name, o))
  }
  return ok
}

/**
 * `required`: these own properties must be present (`required: ["constructor"]` is not met by
 * `{}`). With `allErrors`, one issue per missing name.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.5.3
 */
export const requiredKeyword = defineKeyword<unknown, string[]>({
  keyword: 'required',
  vocabulary: 'validation',
  instanceTypes: ['object'],
  compile(value, ctx) {
    const names = compileStringArray(value, ctx)
    return names.length === 0 ? undefined : names
  },
  validate(names, x, ctx) {
    const o = x as Record<string, unknown>
    if (ctx.collecting && ctx.allErrors) return reportMissing(names, o, ctx)
    for (let i = 0; i < names.length; i++) if (!present(o, names[i]!)) return false
    return true
  },
  emit: (names, g) =>
    names
      .map((name) => {
        const own = g.own(name)
        g.ensure(name)
        return `(${g.read(name)} !== undefined${own === 'true' ? '' : ` && ${own}`})`
      })
      .join(' && '),
  error: {
    params: (names, x) => ({ missingProperty: names.find((n) => !present(x as Record<string, unknown>, n)) }),
    message: (p, _names, x) => missingText(String(p.missingProperty), x),
  },
})

/**
 * `dependentRequired`: when a property is present, these others must be too.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.5.4
 */
export const dependentRequiredKeyword = defineKeyword<unknown, [string, string[]][]>({
  keyword: 'dependentRequired',
  vocabulary: 'validation',
  dialects: SINCE_2019,
  instanceTypes: ['object'],
  compile(value, ctx) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) ctx.fail('dependentRequired must be an object')
    return Object.entries(value as object).map(([k, v]) => [k, compileStringArray(v, ctx, k)])
  },
  validate(entries, x, ctx) {
    const o = x as Record<string, unknown>
    let ok = true
    for (const [name, deps] of entries) {
      if (!present(o, name)) continue
      for (const dep of deps) {
        if (present(o, dep)) continue
        if (!ctx.collecting) return false
        ok = false
        ctx.report(
          { property: name, missingProperty: dep, depsCount: deps.length, deps: deps.join(', ') },
          dependentText(dep, name, o),
        )
        if (!ctx.allErrors) return false
      }
    }
    return ok
  },
})
