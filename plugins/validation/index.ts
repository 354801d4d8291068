import { constKeyword, enumKeyword } from './enum.ts'
import { maxContainsKeyword, maxItemsKeyword, maxPropertiesKeyword, minContainsKeyword, minItemsKeyword, minPropertiesKeyword } from './counts.ts'
import { exclusiveMaximumKeyword, exclusiveMinimumKeyword, maximumKeyword, minimumKeyword } from './limits.ts'
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
  exclusiveMaximumKeyword,
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
  uniqueItemsKeyword,
}

/** The validation vocabulary, cheap checks first. */
export const validation = [
  // any
  typeKeyword,
  enumKeyword,
  constKeyword,
  // number
  multipleOfKeyword,
  maximumKeyword,
  exclusiveMaximumKeyword,
  minimumKeyword,
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
