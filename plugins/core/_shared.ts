import { defineKeyword } from '../../core/index.ts'
import type { KeywordDefinition } from '../../core/index.ts'

/**
 * An identifying keyword (`$id`, `$schema`, `$anchor`, ...): the kernel reads it through the dialect
 * while indexing; this definition makes it a known keyword and checks its value is a string (of
 * `pattern`, when given).
 */
export function stringKeyword(keyword: string, pattern?: RegExp, what?: string, dialects?: KeywordDefinition['dialects']): KeywordDefinition {
  return defineKeyword<unknown, undefined>({
    keyword,
    vocabulary: 'core',
    dialects,
    compile(value, ctx) {
      if (typeof value !== 'string') ctx.fail(`${keyword} must be a string`)
      if (pattern !== undefined && !pattern.test(value as string)) ctx.fail(`${keyword} must be ${what}`)
      return undefined
    },
  })
}
