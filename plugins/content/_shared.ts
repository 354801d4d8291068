import { defineKeyword } from '../../core/index.ts'
import type { KeywordDefinition } from '../../core/index.ts'

/** Standard base64 (RFC 4648 section 4) with its padding. */
export const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Decodes standard base64 to text (UTF-8), or undefined when malformed. */
export function decodeBase64(s: string): string | undefined {
  if (!BASE64.test(s)) return undefined
  const binary = atob(s)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return new TextDecoder().decode(bytes)
}

/** Whether a string parses as JSON. */
export function isJson(s: string): boolean {
  try {
    JSON.parse(s)
    return true
  } catch {
    return false
  }
}

/** A content keyword that only annotates (2020-12, 2019-09): its value is kept, nothing is checked. */
export function annotation(keyword: string, schemaShape?: 'schema'): KeywordDefinition {
  return defineKeyword<unknown, undefined>({ keyword, vocabulary: 'content', schemaShape, compile: () => undefined })
}
