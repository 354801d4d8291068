/** Custom keywords shared by tests. */
import { defineKeyword } from '../../index.ts'

/**
 * `even: true` (numbers divisible by 2), whose message counts how often it is built: for tests
 * that a path builds no message it does not report.
 */
export function countingEven() {
  const counter = { built: 0 }
  const definition = defineKeyword({
    keyword: 'even',
    vocabulary: 'test',
    instanceTypes: ['number'],
    compile: (v: boolean) => (v ? true : undefined),
    validate: (_c, x) => (x as number) % 2 === 0,
    error: { message: (_p, _c, x) => (counter.built++, `must be even (got ${String(x)})`) },
  })
  return { definition, counter }
}
