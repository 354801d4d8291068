import { constKeyword, enumKeyword } from './enum.ts'
import { maxContainsKeyword, maxItemsKeyword, maxPropertiesKeyword, minContainsKeyword, minItemsKeyword, minPropertiesKeyword } from './counts.ts'
import { exclusiveMaximumKeyword, exclusiveMinimumKeyword, maximumKeyword, minimumKeyword } from './limits.ts'
import { exclusiveMaximumDraft04Keyword } from './draft-04/exclusiveMaximum.ts'
import { exclusiveMinimumDraft04Keyword } from './draft-04/exclusiveMinimum.ts'
import { typeOpenApi30Keyword } from './openapi-3.0/type.ts'
import { maxLengthKeyword } from './maxLength.ts'
import { minLengthKeyword } from './minLength.ts'
import { multipleOfKeyword } from './multipleOf.ts'
import { patternKeyword } from './pattern.ts'
import { dependentRequiredKeyword, requiredKeyword } from './required.ts'
import { typeKeyword } from './type.ts'
import { uniqueItemsKeyword } from './uniqueItems.ts'

export {
  constKeyword,
  dependentRequiredKeyword,
  enumKeyword,
  exclusiveMaximumDraft04Keyword,
  exclusiveMaximumKeyword,
  exclusiveMinimumDraft04Keyword,
  exclusiveMinimumKeyword,
  maxContainsKeyword,
  maximumKeyword,
  maxItemsKeyword,
  maxLengthKeyword,
  maxPropertiesKeyword,
  minContainsKeyword,
  minimumKeyword,
  minItemsKeyword,
  minLengthKeyword,
  minPropertiesKeyword,
  multipleOfKeyword,
  patternKeyword,
  requiredKeyword,
  typeKeyword,
  typeOpenApi30Keyword,
  uniqueItemsKeyword,
}

/** The validation vocabulary, cheap checks first. */
export const validation = [
  // any
  typeOpenApi30Keyword,
  typeKeyword,
  enumKeyword,
  constKeyword,
  // number
  multipleOfKeyword,
  maximumKeyword,
  exclusiveMaximumDraft04Keyword,
  exclusiveMaximumKeyword,
  minimumKeyword,
  exclusiveMinimumDraft04Keyword,
  exclusiveMinimumKeyword,
  // string
  maxLengthKeyword,
  minLengthKeyword,
  patternKeyword,
  // array
  maxItemsKeyword,
  minItemsKeyword,
  uniqueItemsKeyword,
  maxContainsKeyword,
  minContainsKeyword,
  // object
  maxPropertiesKeyword,
  minPropertiesKeyword,
  requiredKeyword,
  dependentRequiredKeyword,
]
