/**
 * Type-test helpers, checked by `tsc --noEmit` (part of `npm test`). `Equal` is exact in the sense
 * that matters for inferred data types: mutual assignability, and `any` equals only `any` (so an
 * inference that collapses to `any` fails every check instead of passing it).
 */

/** True when `T` is `any`. */
export type IsAny<T> = 0 extends 1 & T ? true : false

/** Mutual assignability that fails for `any` unless both sides are `any`. */
export type Equal<A, B> =
  IsAny<A> extends true
    ? IsAny<B>
    : IsAny<B> extends true
      ? false
      : [A] extends [B]
        ? [B] extends [A]
          ? true
          : false
        : false

/** Compiles only for `true`: `type _ = Expect<Equal<A, B>>`. */
export type Expect<T extends true> = T

/** Compiles only for `false` (the negative of `Expect`). */
export type ExpectFalse<T extends false> = T
