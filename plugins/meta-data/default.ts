import { defineKeyword } from '../../core/index.ts'

/** `default` compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
class Default {
  constructor(readonly value: unknown) {}
}

/**
 * `default`: an annotation for validation; `applyDefaults` inserts a copy where the value is
 * missing. First in keyword order, so a schema's own default fills before its subschemas walk.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-9.2
 */
export const defaultKeyword = defineKeyword<unknown, Default>({
  keyword: 'default',
  vocabulary: 'meta-data',
  compile: (value) => new Default(value),
  defaults: (c, _x, ctx) => ctx.insertDefault(c.value),
})
