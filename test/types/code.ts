/**
 * Type checks of the code builder (`npx tsc` runs them; never executed): an `emit` can only
 * return code made by the builder, and the builder takes only code.
 */
import { defineKeyword, js, literal } from '../../index.ts'
import type { Code } from '../../index.ts'

export function builderChecks(value: string, n: number): void {
  // @ts-expect-error a plain string is not code
  const plain: Code = 'x > 0'
  // @ts-expect-error a value cannot be spliced into code: only Code interpolates
  const spliced = js`x === ${value}`
  // @ts-expect-error nor a number
  const number = js`x > ${n}`
  const fine: Code = js`x === ${literal(value)} || x > ${literal(n)}`
  defineKeyword({
    keyword: 'typed',
    vocabulary: 'example',
    compile: () => true,
    // @ts-expect-error emit returns code, not a string
    emit: () => 'x > 0',
  })
  defineKeyword({ keyword: 'typed', vocabulary: 'example', compile: () => true, emit: (_c, g) => js`${g.constant(value)}.has(x)` })
  void [plain, spliced, number, fine]
}
