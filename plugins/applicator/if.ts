import { defineKeyword, got, hasOwn, js } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'
import { SINCE_07 } from '../dialects.ts'

/** `if` with its `then` and `else`, compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
class IfThenElse {
  readonly else: SchemaHandle | undefined
  constructor(
    readonly condition: SchemaHandle,
    readonly then: SchemaHandle | undefined,
    otherwise: SchemaHandle | undefined,
  ) {
    this.else = otherwise
  }
}

/**
 * `if` / `then` / `else`: `then` applies when the value is valid against `if`, `else` when not.
 * `if` compiles all three; `then` and `else` alone do nothing.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-10.2.2.1
 */
export const ifKeyword = defineKeyword<unknown, IfThenElse>({
  keyword: 'if',
  dialects: SINCE_07,
  vocabulary: 'applicator',
  schemaShape: 'schema',
  applies: 'in-place',
  compile(_value, ctx) {
    return new IfThenElse(
      ctx.subschema(),
      hasOwn(ctx.schema, 'then') ? ctx.siblingSubschema('then') : undefined,
      hasOwn(ctx.schema, 'else') ? ctx.siblingSubschema('else') : undefined,
    )
  },
  validate(c, x, ctx) {
    const mark = ctx.errorMark()
    const matched = ctx.apply(c.condition, x)
    ctx.resetErrors(mark)
    const branch = matched ? c.then : c.else
    if (branch === undefined || ctx.apply(branch, x)) return true
    // The message is built only on the failure pass.
    if (!ctx.collecting) return false
    ctx.report(
      { failingKeyword: matched ? 'then' : 'else' },
      `${matched ? 'must match the "then" schema because it matches the "if" schema' : 'must match the "else" schema because it does not match the "if" schema'}${got(x)}`,
    )
    return false
  },
  emit(c, g) {
    const then = c.then === undefined ? js`true` : g.apply(c.then, js`x`)
    const otherwise = c.else === undefined ? js`true` : g.apply(c.else, js`x`)
    return js`(${g.apply(c.condition, js`x`)} ? ${then} : ${otherwise})`
  },
  defaults(c, x, ctx) {
    const branch = ctx.test(c.condition, x) ? c.then : c.else
    if (branch !== undefined) ctx.fillHere(branch)
  },
})

/** `then`: compiled by `if`. */
export const thenKeyword = defineKeyword<unknown, undefined>({
  keyword: 'then',
  dialects: SINCE_07,
  vocabulary: 'applicator',
  schemaShape: 'schema',
  compile: () => undefined,
})

/** `else`: compiled by `if`. */
export const elseKeyword = defineKeyword<unknown, undefined>({
  keyword: 'else',
  dialects: SINCE_07,
  vocabulary: 'applicator',
  schemaShape: 'schema',
  compile: () => undefined,
})
