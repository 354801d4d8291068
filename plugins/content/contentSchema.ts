import { annotation } from './_shared.ts'

/**
 * `contentSchema`: an annotation, the schema of the decoded content (its value is a schema, so it is
 * indexed like one).
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-8.5
 */
export const contentSchemaKeyword = annotation('contentSchema', 'schema')
