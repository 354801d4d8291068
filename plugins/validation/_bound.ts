import { defineKeyword, js, literal } from '../../core/index.ts'
import type { Code, KeywordDefinition } from '../../core/index.ts'
import { compileNumber } from './_shared.ts'
import type { KeywordError } from './_errors.ts'

/** `left <operator> right` in generated code, for the comparisons the bounds and counts use. */
export function compare(left: Code, operator: string, right: Code): Code {
  switch (operator) {
    case '<':
      return js`${left} < ${right}`
    case '<=':
      return js`${left} <= ${right}`
    case '>':
      return js`${left} > ${right}`
    case '>=':
      return js`${left} >= ${right}`
    default:
      throw new Error(`internal: no comparison "${operator}"`)
  }
}

/**
 * A numeric bound (`maximum`, `exclusiveMaximum`, `minimum`, `exclusiveMinimum`): the four differ
 * only in the comparison, so one definition serves them and their generated checks stay alike.
 */
export function bound(keyword: string, comparison: string, passes: (x: number, limit: number) => boolean, error: KeywordError<number>): KeywordDefinition {
  const operator = comparison
  return defineKeyword<unknown, number>({
    keyword,
    vocabulary: 'validation',
    instanceTypes: ['number'],
    compile: compileNumber,
    accepts: (value) => typeof value === 'number',
    validate: (limit, x) => passes(x as number, limit),
    emit: (limit) => compare(js`x`, operator, literal(limit)),
    error,
    early: { end: true },
  })
}
