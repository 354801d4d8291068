/** The official meta-schemas, shipped so `$schema` and `$ref`s to them resolve offline. */
import schema2020 from './2020-12/schema.json' with { type: 'json' }
import applicator2020 from './2020-12/meta/applicator.json' with { type: 'json' }
import content2020 from './2020-12/meta/content.json' with { type: 'json' }
import core2020 from './2020-12/meta/core.json' with { type: 'json' }
import formatAnnotation2020 from './2020-12/meta/format-annotation.json' with { type: 'json' }
import metaData2020 from './2020-12/meta/meta-data.json' with { type: 'json' }
import unevaluated2020 from './2020-12/meta/unevaluated.json' with { type: 'json' }
import validation2020 from './2020-12/meta/validation.json' with { type: 'json' }

const documents: unknown[] = [
  schema2020,
  applicator2020,
  content2020,
  core2020,
  formatAnnotation2020,
  metaData2020,
  unevaluated2020,
  validation2020,
]

/** Meta-schemas by their `$id`. */
export const metaSchemas: Readonly<Record<string, unknown>> = Object.freeze(
  Object.fromEntries(documents.map((d) => [(d as { $id: string }).$id, d])),
)
