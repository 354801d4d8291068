import { canonicalKey, defineKeyword, excerpt, js, jsonEqual } from '../../core/index.ts'

/**
 * Indices of the first two JSON-equal items, or undefined. Short lists are compared pair by pair
 * (`===` equates 0 and -0 as JSON does; objects and arrays by structure, no key built: two small
 * objects compare in about a tenth of the time their canonical keys take); longer ones hash
 * canonical keys, linear in the list's size.
 */
function duplicate(a: unknown[]): [number, number] | undefined {
  if (a.length <= 16) {
    for (let i = 1; i < a.length; i++) {
      const v = a[i]
      const deep = typeof v === 'object' && v !== null
      for (let j = 0; j < i; j++) if (v === a[j] || (deep && jsonEqual(v, a[j]))) return [j, i]
    }
    return undefined
  }
  const seen = new Map<unknown, number>()
  for (let i = 0; i < a.length; i++) {
    const v = a[i]
    const key = typeof v === 'object' && v !== null ? canonicalKey(v) : typeof v === 'string' ? 's' + v : Object.is(v, -0) ? 0 : v
    const j = seen.get(key)
    if (j !== undefined) return [j, i]
    seen.set(key, i)
  }
  return undefined
}

/**
 * `uniqueItems`: no two items may be JSON-equal. Hash-based, linear in the array's size.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.4.3
 */
export const uniqueItemsKeyword = defineKeyword<unknown, true>({
  keyword: 'uniqueItems',
  vocabulary: 'validation',
  instanceTypes: ['array'],
  compile(value, ctx) {
    if (typeof value !== 'boolean') ctx.fail('uniqueItems must be a boolean')
    return value ? true : undefined
  },
  validate: (_c, x) => (x as unknown[]).length < 2 || duplicate(x as unknown[]) === undefined,
  // The same test as `validate`: a failure is explained without a second search.
  emit: (_c, g) => ({ test: js`(x.length < 2 || ${g.constant(duplicate)}(x) === undefined)`, mirrorsValidate: true }),
  error: {
    params(_c, x) {
      const [j, i] = duplicate(x as unknown[]) ?? [0, 0]
      return { i, j }
    },
    message: (p, _c, x) => `must not contain duplicate items (items ${String(p.j)} and ${String(p.i)} are both ${excerpt((x as unknown[])[p.i as number])})`,
  },
})
