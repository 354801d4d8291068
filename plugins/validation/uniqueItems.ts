import { defineKeyword, js } from '../../core/index.ts'
import { duplicate } from './_duplicate.ts'
import { uniqueItemsError } from './_errors.ts'

export { duplicate }

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
  validate: (_c, x, ctx) => (x as unknown[]).length < 2 || duplicate(x as unknown[], ctx.budgeted ? ctx : undefined) === undefined,
  // The same test as `validate`: a failure is explained without a second search.
  emit: (_c, g) => ({ test: js`(x.length < 2 || ${g.constant(duplicate)}(x) === undefined)`, mirrorsValidate: true }),
  error: uniqueItemsError,
})
