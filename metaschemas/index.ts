/** The official meta-schemas, shipped so `$schema` and `$ref`s to them resolve offline. */
import schema2020 from './2020-12/schema.json' with { type: 'json' }
import applicator2020 from './2020-12/meta/applicator.json' with { type: 'json' }
import content2020 from './2020-12/meta/content.json' with { type: 'json' }
import core2020 from './2020-12/meta/core.json' with { type: 'json' }
import formatAnnotation2020 from './2020-12/meta/format-annotation.json' with { type: 'json' }
import formatAssertion2020 from './2020-12/meta/format-assertion.json' with { type: 'json' }
import metaData2020 from './2020-12/meta/meta-data.json' with { type: 'json' }
import unevaluated2020 from './2020-12/meta/unevaluated.json' with { type: 'json' }
import validation2020 from './2020-12/meta/validation.json' with { type: 'json' }
import output2020 from './2020-12/output/schema.json' with { type: 'json' }
import schema2019 from './2019-09/schema.json' with { type: 'json' }
import applicator2019 from './2019-09/meta/applicator.json' with { type: 'json' }
import content2019 from './2019-09/meta/content.json' with { type: 'json' }
import core2019 from './2019-09/meta/core.json' with { type: 'json' }
import format2019 from './2019-09/meta/format.json' with { type: 'json' }
import metaData2019 from './2019-09/meta/meta-data.json' with { type: 'json' }
import validation2019 from './2019-09/meta/validation.json' with { type: 'json' }
import schema07 from './draft-07/schema.json' with { type: 'json' }
import schema06 from './draft-06/schema.json' with { type: 'json' }
import schema04 from './draft-04/schema.json' with { type: 'json' }

const documents: unknown[] = [
  schema2020,
  applicator2020,
  content2020,
  core2020,
  formatAnnotation2020,
  formatAssertion2020,
  metaData2020,
  unevaluated2020,
  validation2020,
  output2020,
  schema2019,
  applicator2019,
  content2019,
  core2019,
  format2019,
  metaData2019,
  validation2019,
  schema07,
  schema06,
  schema04,
]

/** Meta-schemas by their `$id` (without a trailing `#`). */
export const metaSchemas: Readonly<Record<string, unknown>> = Object.freeze(
  // Draft-04 names itself with `id`, later drafts with `$id`.
  Object.fromEntries(documents.map((d) => [((d as { $id?: string; id: string }).$id ?? (d as { id: string }).id).replace(/#$/, ''), d])),
)
