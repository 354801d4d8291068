import { unevaluatedItemsKeyword } from './unevaluatedItems.ts'
import { unevaluatedPropertiesKeyword } from './unevaluatedProperties.ts'

export { unevaluatedItemsKeyword, unevaluatedPropertiesKeyword }

/** The unevaluated vocabulary: runs after every other keyword of its schema. */
export const unevaluated = [
  // array
  unevaluatedItemsKeyword,
  // object
  unevaluatedPropertiesKeyword,
]
