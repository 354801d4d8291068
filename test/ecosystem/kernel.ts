/**
 * Test support: a kernel built as api.ts builds the default one, plus the schema converter
 * (`convert: convertSchema`), so `~standard.jsonSchema` answers every target. Used until the
 * default kernel's setup carries the converter too; the schemas it builds are the same.
 */
import { Kernel } from '../../core/index.ts'
import { metaSchemas } from '../../metaschemas/index.ts'
import { convertSchema } from '../../convert/index.ts'
import { dialect07, dialect2019, dialect2020, formatCheckers, standardKeywords } from '../../plugins/index.ts'

/** A kernel with the standard presets, formats and meta-schemas, and the converter. */
export const kernel = new Kernel({
  dialects: [dialect2020, dialect2019, dialect07],
  presets: standardKeywords,
  formats: formatCheckers,
  registry: metaSchemas,
  convert: convertSchema,
})
