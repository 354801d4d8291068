import type { KeywordDefinition } from '../../core/index.ts'
import { additionalPropertiesKeyword } from './additionalProperties.ts'
import { allOfKeyword } from './allOf.ts'
import { anyOfKeyword } from './anyOf.ts'
import { containsKeyword } from './contains.ts'
import { dependenciesKeyword } from './dependencies.ts'
import { dependentSchemasKeyword } from './dependentSchemas.ts'
import { elseKeyword, ifKeyword, thenKeyword } from './if.ts'
import { additionalItemsKeyword } from './additionalItems.ts'
import { itemsKeyword } from './items.ts'
import { itemsLegacyKeyword } from './draft-04/items.ts'
import { notKeyword } from './not.ts'
import { oneOfKeyword } from './oneOf.ts'
import { patternPropertiesKeyword } from './patternProperties.ts'
import { prefixItemsKeyword } from './prefixItems.ts'
import { propertiesKeyword } from './properties.ts'
import { propertyNamesKeyword } from './propertyNames.ts'

export { meantBranch } from './_shared.ts'

export {
  additionalItemsKeyword,
  itemsLegacyKeyword,
  additionalPropertiesKeyword,
  allOfKeyword,
  anyOfKeyword,
  containsKeyword,
  dependenciesKeyword,
  dependentSchemasKeyword,
  elseKeyword,
  ifKeyword,
  itemsKeyword,
  notKeyword,
  oneOfKeyword,
  patternPropertiesKeyword,
  prefixItemsKeyword,
  propertiesKeyword,
  propertyNamesKeyword,
  thenKeyword,
}

/** Applicators that move to parts of the value, in the order `applyDefaults` walks them. */
export const applicatorChild: readonly KeywordDefinition[] = [
  // object
  propertiesKeyword,
  patternPropertiesKeyword,
  additionalPropertiesKeyword,
  propertyNamesKeyword,
  // array
  prefixItemsKeyword,
  itemsKeyword,
  itemsLegacyKeyword,
  additionalItemsKeyword,
  containsKeyword,
]

/** Applicators that stay on the same value, after references, in `applyDefaults` order. */
export const applicatorInPlace: readonly KeywordDefinition[] = [
  // all
  allOfKeyword,
  // object
  dependentSchemasKeyword,
  dependenciesKeyword,
  // all
  ifKeyword,
  thenKeyword,
  elseKeyword,
  anyOfKeyword,
  oneOfKeyword,
  notKeyword,
]
