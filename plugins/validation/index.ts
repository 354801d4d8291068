import type { KeywordDefinition } from '../../core/index.ts'
import { constKeyword } from './const.ts'
import { dependentRequiredKeyword } from './dependentRequired.ts'
import { enumKeyword } from './enum.ts'
import { exclusiveMaximumKeyword } from './exclusiveMaximum.ts'
import { exclusiveMaximumDraft04Keyword } from './draft-04/exclusiveMaximum.ts'
import { exclusiveMinimumKeyword } from './exclusiveMinimum.ts'
import { exclusiveMinimumDraft04Keyword } from './draft-04/exclusiveMinimum.ts'
import { maxContainsKeyword } from './maxContains.ts'
import { maximumKeyword } from './maximum.ts'
import { maxItemsKeyword } from './maxItems.ts'
import { maxLengthKeyword } from './maxLength.ts'
import { maxPropertiesKeyword } from './maxProperties.ts'
import { minContainsKeyword } from './minContains.ts'
import { minimumKeyword } from './minimum.ts'
import { minItemsKeyword } from './minItems.ts'
import { minLengthKeyword } from './minLength.ts'
import { minPropertiesKeyword } from './minProperties.ts'
import { multipleOfKeyword } from './multipleOf.ts'
import { typeOpenApi30Keyword } from './openapi-3.0/type.ts'
import { patternKeyword } from './pattern.ts'
import { requiredKeyword } from './required.ts'
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
export const validation: readonly KeywordDefinition[] = [
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
