import { annotation } from './_shared.ts'

/**
 * `contentMediaType`: an annotation in draft 2020-12 and 2019-09; draft-07's asserting form is
 * `draft-07/contentMediaType.ts`.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-8.4
 */
export const contentMediaTypeKeyword = annotation('contentMediaType')
