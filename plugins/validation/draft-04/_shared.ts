import { defineKeyword, js, literal } from '../../../core/index.ts'
import { compare } from '../_bound.ts'
import type { KeywordDefinition } from '../../../core/index.ts'
import { DRAFT_04 } from '../../dialects.ts'
import { boundText } from '../_shared.ts'

/**
 * A draft-04 exclusive bound: a boolean that makes its sibling `maximum` / `minimum` strict. `true`
 * fails a value equal to the sibling's limit (the sibling itself checks the rest); `false`, or no
 * numeric sibling, does nothing. Ahead of the number-valued keyword (stage -1) in draft-04 and
 * OpenAPI 3.0 only.
 */
export function exclusiveFlag(keyword: string, sibling: string, comparison: '<' | '>'): KeywordDefinition {
  return defineKeyword<unknown, number>({
    keyword,
    vocabulary: 'validation',
    dialects: DRAFT_04,
    stage: -1,
    instanceTypes: ['number'],
    accepts: (value) => typeof value === 'boolean',
    compile(value, ctx) {
      if (typeof value !== 'boolean') ctx.fail(`${keyword} must be a boolean in ${ctx.dialect} (it makes ${sibling} exclusive)`)
      const limit = ctx.schema[sibling]
      return value && typeof limit === 'number' && Number.isFinite(limit) ? limit : undefined
    },
    validate: comparison === '<' ? (limit, x) => (x as number) < limit : (limit, x) => (x as number) > limit,
    emit: (limit) => compare(js`x`, comparison, literal(limit)),
    error: {
      params: (limit) => ({ comparison, limit }),
      message: (p, _limit, x) => boundText(p.comparison, p.limit, x),
    },
  })
}
