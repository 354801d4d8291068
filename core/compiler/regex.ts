/**
 * Patterns at compile time: the engine the options choose, the super-linear policy, and the
 * matcher keywords get. The engines themselves come from the kernel's setup (`regex/`);
 * core only knows the platform `RegExp`, as the fallback `ecmascript` engine.
 */
import type { Hooks } from '../contract/hooks.ts'
import type { Run } from '../evaluator/run.ts'
import type { CompiledRegex, PatternSyntax, RegexEngine, RegexEngineName, RegexMatcher, ResolvedOptions, RunContext } from '../contract/types.ts'

/** Why the platform `RegExp` rejects `source` read with `syntax`, or undefined when it compiles. */
export function regexSyntaxProblem(source: string, syntax: PatternSyntax): string | undefined {
  try {
    new RegExp(source, syntax === 'legacy' ? '' : 'u')
    return undefined
  } catch (e) {
    return (e as Error).message
  }
}

/** The platform's backtracking `RegExp`: with the `u` flag, or without it for legacy syntax. */
export const platformEngine: RegexEngine = {
  check(source, syntax = 'unicode') {
    const problem = regexSyntaxProblem(source, syntax)
    return problem === undefined ? undefined : `invalid regular expression: ${problem}`
  },
  compile: (source, syntax = 'unicode') => new RegExp(source, syntax === 'legacy' ? '' : 'u'),
}

/** What compiling patterns needs from the kernel: its engines, the check, and the warning hook. */
export interface RegexEnvironment {
  regexEngines: Partial<Record<RegexEngineName, RegexEngine>>
  superLinear: ((source: string, syntax?: PatternSyntax) => string | undefined) | undefined
  hooks: Pick<Hooks, 'warning'>
}

/** Charges each test to the run's work meter (a budgeted run; a plain run ignores it). */
class MeteredRegex implements RegexMatcher {
  constructor(
    readonly source: string,
    private readonly compiled: CompiledRegex,
    readonly unicode: boolean,
  ) {}
  test(input: string, ctx?: RunContext): boolean {
    if (ctx !== undefined) {
      const cost = this.compiled.cost !== undefined ? this.compiled.cost(input.length) : 1 + (input.length >> 6)
      ;(ctx as Run).charge(cost)
    }
    return this.compiled.test(input)
  }
}

/** A plain matcher: the engine's compiled pattern with the source it came from. */
class PlainRegex implements RegexMatcher {
  constructor(
    readonly source: string,
    private readonly compiled: CompiledRegex,
    readonly unicode: boolean,
  ) {}
  test(input: string): boolean {
    return this.compiled.test(input)
  }
}

/**
 * The patterns of one compile: each source is checked, judged by the super-linear policy and
 * compiled once, then shared (`patternProperties` and a sibling `additionalProperties` reuse it).
 */
export class Patterns {
  /** Made at the first pattern: most compiles have none. */
  private compiled: Map<string, RegexMatcher> | undefined
  constructor(
    private readonly env: RegexEnvironment,
    private readonly options: ResolvedOptions,
  ) {}

  /** The engine the options choose; fails when the kernel has none by that name. */
  engine(fail: (message: string) => never): RegexEngine {
    const name = this.options.regex
    const engine = this.env.regexEngines[name] ?? (name === 'ecmascript' ? platformEngine : undefined)
    return engine ?? fail(missingEngine(name))
  }

  /**
   * Compiles `source` (found at the schema path `at` gives: made only for a warning): checks it with the engine, applies the
   * super-linear policy (a warning, or a failure in untrusted mode under the ECMAScript engine),
   * and wraps it so a work budget sees each test. Without a budget a `RegExp` is returned as is.
   */
  compile(source: string, at: () => string, fail: (message: string) => never): RegexMatcher {
    const known = this.compiled?.get(source)
    if (known !== undefined) return known
    const engine = this.engine(fail)
    const { options, env } = this
    let syntax: PatternSyntax = 'unicode'
    const problem = engine.check(source)
    if (problem !== undefined) {
      // Many schemas in use were written for engines without `u` (`^[\w\.]+$`, `^a\:b$`). A
      // source the `u` flag rejects but the legacy grammar accepts has one meaning there, so it
      // compiles that way, and the warning hook says so. A source valid with `u` never changes
      // meaning: an engine's refusal of it stands.
      const unicodeProblem = regexSyntaxProblem(source, 'unicode')
      if (unicodeProblem === undefined || regexSyntaxProblem(source, 'legacy') !== undefined) fail(problem)
      const legacyProblem = engine.check(source, 'legacy')
      if (legacyProblem !== undefined) {
        fail(`pattern "${source}" is valid only without the u flag (${unicodeProblem}), and the ${options.regex} engine cannot run it that way: ${legacyProblem}`)
      }
      syntax = 'legacy'
      env.hooks.warning.call({
        schemaPath: at(),
        message: `pattern "${source}" is not valid with the u flag (${unicodeProblem}); compiled with legacy syntax, without u, as engines such as ajv with unicodeRegExp: false read it`,
      })
    }
    const strictPolicy = options.untrusted && options.regex === 'ecmascript'
    // The analysis runs only when someone acts on it.
    if (env.superLinear !== undefined && (strictPolicy || env.hooks.warning.isUsed())) {
      const reason = env.superLinear(source, syntax)
      if (reason !== undefined && strictPolicy) {
        fail(`pattern "${source}" may take super-linear time on hostile input (${reason}); untrusted mode refuses it under regex: 'ecmascript' (use regex: 'linear', with 'schemavet/linear-regex' imported)`)
      }
      if (reason !== undefined) {
        const note = options.regex === 'linear' ? 'harmless with the linear engine in use' : "consider regex: 'linear'"
        env.hooks.warning.call({ schemaPath: at(), message: `pattern "${source}" may take super-linear time under a backtracking engine (${reason}); ${note}` })
      }
    }
    const compiled = syntax === 'legacy' ? engine.compile(source, syntax) : engine.compile(source)
    const unicode = syntax === 'unicode'
    const matcher =
      options.maxWork !== Infinity
        ? new MeteredRegex(source, compiled, unicode)
        : compiled instanceof RegExp
          ? compiled
          : new PlainRegex(source, compiled, unicode)
    ;(this.compiled ??= new Map()).set(source, matcher)
    return matcher
  }
}

/** Why a schema cannot compile without engine `name`: the standard one is an entry of its own. */
function missingEngine(name: string): string {
  return name === 'linear'
    ? `the "linear" regex engine (option regex: 'linear', the default of untrusted mode) is not loaded: import 'schemavet/linear-regex' once before compiling, or choose regex: 'ecmascript'`
    : `this kernel has no "${name}" regex engine (KernelSetup.regexEngines)`
}
