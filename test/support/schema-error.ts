import { SchemaError } from '../../index.ts'

/** The SchemaError `f` throws; any other outcome fails the test. */
export function schemaError(f: () => unknown): SchemaError {
  try {
    f()
  } catch (e) {
    if (SchemaError.isInstance(e)) return e
    throw e
  }
  throw new Error('expected a SchemaError')
}
