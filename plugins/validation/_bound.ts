import { defineKeyword } from '../../core/index.ts'
import type { KeywordDefinition } from '../../core/index.ts'
import { boundText, compileNumber } from './_shared.ts'

/**
 * A numeric bound (`maximum`, `exclusiveMaximum`, `minimum`, `exclusiveMinimum`): the four differ
 * only in the comparison, so one definition serves them and their generated checks stay alike.
 */
export function bound(keyword: string, comparison: string, passes: (x: number, limit: number) => boolean): KeywordDefinition {
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
