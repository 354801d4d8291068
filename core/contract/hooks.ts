/**
 * The hook table: the extension contract of a kernel. This is the only module that imports
 * tapable. tapable builds each hook's caller with `new Function`, which throws on edge runtimes
 * and under a strict CSP, so every hook here gets an eval-free `compile`: a plain loop over the
 * taps, used always (not as a fallback), so behaviour is the same everywhere.
 */
import { HookMap, SyncBailHook, SyncHook, SyncWaterfallHook } from 'tapable'
import type {
  CompileContext,
  CompiledKeyword,
  CycleInfo,
  FormatChecker,
  SchemaWarning,
  ValidationIssue,
} from './types.ts'

type Kind = 'sync' | 'bail' | 'waterfall'

interface CompileOptions {
  args: readonly string[]
  taps: { fn: (...args: unknown[]) => unknown }[]
  interceptors: { call?: (...args: unknown[]) => void; tap?: (tap: unknown) => void }[]
}

/** Replaces tapable's code-generating compile with a loop; keeps interceptors working. */
function evalFree<H>(hook: H, kind: Kind): H {
  ;(hook as unknown as { compile(options: CompileOptions): unknown }).compile = (options: CompileOptions) => {
    const fns = options.taps.map((t) => t.fn)
    const interceptors = options.interceptors
    const taps = options.taps
    // The common case (no interceptor, a bail hook with a single tap, as every keyword has) calls
    // straight through: compiles call these thousands of times.
    if (interceptors.length === 0 && fns.length === 1 && kind !== 'waterfall') {
      const only = fns[0]!
      return kind === 'bail' ? only : (a: unknown, b: unknown, c: unknown) => void only(a, b, c)
    }
    // A bail hook with several taps and no interceptor (a keyword defined per dialect: each tap
    // declines the dialects it is not for): a loop with the hook's own arity, no argument array.
    if (interceptors.length === 0 && kind === 'bail' && options.args.length <= 2) {
      // A one-argument tap ignores the second (undefined) argument.
      return (a: unknown, b: unknown) => {
        for (let k = 0; k < fns.length; k++) {
          const result = fns[k]!(a, b)
          if (result !== undefined) return result
        }
        return undefined
      }
    }
    return (...args: unknown[]) => {
      for (const i of interceptors) i.call?.(...args)
      for (let k = 0; k < fns.length; k++) {
        for (const i of interceptors) i.tap?.(taps[k])
        const result = fns[k]!(...args)
        if (kind === 'bail' && result !== undefined) return result
        if (kind === 'waterfall' && result !== undefined) args[0] = result
      }
      return kind === 'waterfall' ? args[0] : undefined
    }
  }
  return hook
}

function sync<T extends unknown[]>(names: string[]) {
  return evalFree(new SyncHook<T>(names as never), 'sync')
}
function bail<T extends unknown[], R>(names: string[]) {
  return evalFree(new SyncBailHook<T, R>(names as never), 'bail')
}
function waterfall<T extends unknown[]>(names: string[]) {
  return evalFree(new SyncWaterfallHook<T>(names as never), 'waterfall')
}

/** Creates a fresh, frozen hook table. Names and argument tuples are public API. */
export function createHooks() {
  return Object.freeze({
    /** Waterfall over the root schema document before indexing; return a replacement to normalize it. Once per compile. */
    normalizeSchema: waterfall<[schema: unknown, uri: string]>(['schema', 'uri']),
    /** Bail: return a schema document for an absolute URI that no registry holds. Compile time only. */
    resolveRef: bail<[uri: string], unknown>(['uri']),
    /** HookMap keyed by keyword: bail with the compiled step for that keyword's value. Compile time only. */
    compileKeyword: new HookMap<SyncBailHook<[value: unknown, ctx: CompileContext], CompiledKeyword | undefined>>(
      () => bail<[value: unknown, ctx: CompileContext], CompiledKeyword | undefined>(['value', 'ctx']),
    ),
    /** Bail: called for a keyword no plugin compiles; throw (strict mode) or return a step. Compile time only. */
    unknownKeyword: bail<[keyword: string, value: unknown, ctx: CompileContext], CompiledKeyword | undefined>([
      'keyword',
      'value',
      'ctx',
    ]),
    /** Bail: a checker for a format name (after the `customFormats` option). Compile time only. */
    resolveFormat: bail<[name: string], FormatChecker | undefined>(['name']),
    /** Called once per in-place `$ref` cycle found while compiling a schema. */
    cycle: sync<[cycle: CycleInfo]>(['cycle']),
    /** Called for each compile-time warning (for example a super-linear pattern). */
    warning: sync<[warning: SchemaWarning]>(['warning']),
    /** Called once after a schema compiled, with its root schema document. */
    compiled: sync<[schema: unknown]>(['schema']),
    /** Waterfall over the data, once per validate call, before evaluation (only when tapped). */
    beforeValidate: waterfall<[data: unknown]>(['data']),
    /** Waterfall over the issues found (empty when valid), once per validate call (only when tapped). */
    afterValidate: waterfall<[issues: ValidationIssue[], data: unknown]>(['issues', 'data']),
    /** Waterfall over each issue's message, on the failure path only. */
    errorMessage: waterfall<[message: string, issue: ValidationIssue]>(['message', 'issue']),
  })
}

/** The hook table of a kernel. */
export type Hooks = ReturnType<typeof createHooks>
