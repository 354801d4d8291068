/** The built-in provider profiles, by the name `compileForProvider` takes. */
import type { ProviderProfile } from '../profile.ts'
import { anthropic } from './anthropic.ts'
import { gemini } from './gemini.ts'
import { geminiOpenapi } from './gemini-openapi.ts'
import { minimal } from './minimal.ts'
import { openai } from './openai.ts'

export { anthropic, gemini, geminiOpenapi, minimal, openai }

export const PROFILES: Readonly<Record<string, ProviderProfile>> = Object.freeze({
  openai,
  gemini,
  'gemini-openapi': geminiOpenapi,
  anthropic,
  minimal,
})
