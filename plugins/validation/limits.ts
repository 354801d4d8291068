import { defineKeyword, got } from '../../core/index.ts'
import type { KeywordDefinition } from '../../core/index.ts'
import { compileNumber } from './_shared.ts'

/** The bound in words, so a reader need not decode `<=`. */
const WORDS: Record<string, string> = { '<=': 'at most', '<': 'less than', '>=': 'at least', '>': 'greater than' }

function bound(keyword: string, comparison: string, passes: (x: number, limit: number) => boolean): KeywordDefinition {
  const operator = comparison
  return defineKeyword<unknown, number>({
    keyword,
    vocabulary: 'validation',
    instanceTypes: ['number'],
    compile: compileNumber,
    validate: (limit, x) => passes(x as number, limit),
    emit: (limit) => `x ${operator} ${JSON.stringify(limit)}`,
    error: {
      params: (limit) => ({ comparison, limit }),
      message: (p, _limit, x) => `must be ${WORDS[String(p.comparison)] ?? String(p.comparison)} ${String(p.limit)}${got(x)}`,
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
