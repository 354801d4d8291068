/**
 * Official-suite skips, each with the reason no validator of parsed JSON can pass it; `'*'`
 * skips a whole file, an array skips groups by description. Nothing else may be listed here.
 */
export const SKIPS: Record<string, Record<string, '*' | string[]>> = {
  draft4: {
    // Draft-04 says 1.0 is not an integer, but JSON.parse gives the same number for `1.0` and `1`:
    // no validator that receives parsed data can tell them apart.
    'optional/zeroTerminatedFloats.json': '*',
  },
}
