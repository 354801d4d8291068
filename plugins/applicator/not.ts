import { defineKeyword, got, js } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'

/**
 * `not`: the value must not be valid against the subschema.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-10.2.1.4
 */
export const notKeyword = defineKeyword<unknown, SchemaHandle>({
  keyword: 'not',
  vocabulary: 'applicator',
  schemaShape: 'schema',
  applies: 'in-place',
  compile: (_value, ctx) => ctx.subschema(),
  validate(handle, x, ctx) {
    const mark = ctx.errorMark()
    const ok = !ctx.apply(handle, x)
    ctx.resetErrors(mark)
    return ok
  },
  emit: (handle, g) => js`!${g.apply(handle, js`x`)}`,
  error: { message: (_p, _h, x) => `must not match the "not" schema${got(x)}` },
})
