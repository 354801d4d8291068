import type { ProviderProfile } from '../profile.ts'
import { gemini } from './gemini.ts'

/**
 * Gemini 2.0 `responseSchema` (`gemini_202503` of jsonschemaprofiles): the Gemini subset with
 * `propertyOrdering` required on every object, since those models order output by it.
 * Nullability is written as the profile's meta-schema accepts it, a `[type, "null"]` list.
 * @see https://ai.google.dev/gemini-api/docs/structured-output#property-ordering
 */
// Object.assign marked pure rather than a spread, which a bundler must keep (a spread may run
// getters): a bundle that shares this file's chunk without using the profiles drops it.
export const geminiOpenapi: ProviderProfile = /* @__PURE__ */ Object.assign({}, gemini, {
  name: 'gemini-openapi',
  id: 'gemini_202503',
  source: 'https://ai.google.dev/gemini-api/docs/structured-output#property-ordering',
  propertyOrdering: true,
})
