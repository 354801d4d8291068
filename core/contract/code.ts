/**
 * The code builder: generated JavaScript is a `Code` value, made only here. A schema's values
 * reach the code as constants (`g.constant(value)`, bound outside the source) or as JSON literals
 * (`literal`), names as identifiers the builder hands out, so no value read from a schema or
 * data is ever spliced into source text. At run time a `Code` is a string: building costs what
 * concatenation does.
 */

declare const code: unique symbol

/** A piece of generated JavaScript (an expression or statements). A plain `string` is not one. */
export type Code = string & { readonly [code]: true }

/**
 * Writes code: literal text, with only `Code` interpolated.
 *
 *     js`(${value} !== undefined && ${test})`
 */
export function js(text: TemplateStringsArray, ...parts: readonly Code[]): Code {
  let out = text[0]!
  for (let i = 0; i < parts.length; i++) out += parts[i]! + text[i + 1]!
  return out as Code
}

/** A JSON value as a literal in the code (`"name"`, `42`, `true`, `null`). */
export function literal(value: string | number | boolean | null): Code {
  // Non-finite numbers have no JSON form; written as the expressions that make them.
  if (typeof value === 'number' && !Number.isFinite(value)) return (Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity') as Code
  // U+2028 and U+2029 are line terminators in older engines' string literals.
  return JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029') as Code
}

/** Pieces of code joined by `separator` (`joinCode(terms, js` && `)`). */
export function joinCode(parts: readonly Code[], separator: Code): Code {
  return parts.join(separator) as Code
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** A name the generated tier itself declares (its locals, functions and runtime helpers). @internal */
export function identifier(name: string): Code {
  if (!IDENTIFIER.test(name)) throw new Error(`internal: "${name}" is not an identifier`)
  return name as Code
}

/** The code `true` and `false`: a step that always passes, or always fails here. */
export const TRUE = 'true' as Code
export const FALSE = 'false' as Code
