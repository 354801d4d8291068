import { defineKeyword } from '../../core/index.ts'
import type { KeywordDefinition } from '../../core/index.ts'
import { boundText, compileNumber } from './_shared.ts'

function bound(keyword: string, comparison: string, passes: (x: number, limit: number) => boolean): KeywordDefinition {
  const operator = comparison
  return defineKeyword<unknown, number>({
    keyword,
    vocabulary: 'validation',
    instanceTypes: ['number'],
    compile: compileNumber,
    accepts: (value) => typeof value === 'number',
    validate: (limit, x) => passes(x as number, limit),
    emit: (limit) => `x ${operator} ${JSON.stringify(limit)}`,
    error: {
      params: (limit) => ({ comparison, limit }),
      message: (p, _limit, x) => boundText(p.comparison, p.limit, x),
    },
  })
}

/** `maximum`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.2.2 */
export const maximumKeyword = bound('maximum', '<=', (x, l) => x <= l)
/** `exclusiveMaximum`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.2.3 */
export const exclusiveMaximumKeyword = bound('exclusiveMaximum', '<', (x, l) => x < l)
/** `minimum`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.2.4 */
export const minimumKeyword = bound('minimum', '>=', (x, l) => x >= l)
/** `exclusiveMinimum`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.2.5 */
export const exclusiveMinimumKeyword = bound('exclusiveMinimum', '>', (x, l) => x > l)
