/**
 * Property-based fuzzing. Generated schemas (six dialects, every built-in keyword) and data
 * run through schemavet and two independent validators, ajv and @hyperjump/json-schema:
 * wherever the two agree, schemavet must agree with them (in trusted and in untrusted mode);
 * where they disagree it is logged, not failed. Random and mutated schemas with hostile data
 * must never crash or hang schemavet, and `applyDefaults` must never change its input and must
 * keep valid data valid.
 *
 * Hostile values: generated data turned into what a runtime can hand `validate` instead
 * (`support/fuzz-hostile.ts`: getters that throw or answer anew, Proxies, other realms, revoked
 * Proxies, non-enumerable and symbol keys, holes) get one answer in the three tiers, and are
 * never written to.
 *
 * One answer in every tier: each schema is compiled three ways, the interpreter (`codegen:
 * false`), generated code from the first call (`codegenThreshold: 0`) and default options, whose
 * validator is called 20 times on each datum (so it moves to generated code on the way); every
 * call must give the interpreter's issues, and `applyDefaults` its result or its error.
 *
 * Deterministic in `npm test`: a fixed seed (`FIXED_SEED`) and the regression cases of
 * `support/fuzz-seeds.ts`, each replayed. `npm run fuzz` runs a long session (about twenty times
 * longer) with a fresh seed, printed for replay (`FUZZ_SEED=<seed>`); `FUZZ_RUNS` sets the oracle
 * runs, five cases each. Work is bounded by counting: each case also runs under a work budget
 * (`maxWork`), which it must not use up. Bodies run in a guarded worker, so a hang fails the test
 * (after the watchdog's minutes) instead of stalling the run.
 */
import fc from 'fast-check'
import * as assert from 'uvu/assert'
import { SchemaError, ValidationError, applyDefaults, newJSONSchema } from '../index.ts'
import type { JSONSchemaValidator, SchemaOptions } from '../index.ts'
import { standardKeywords } from '../plugins/index.ts'
import { guardedSuite } from './support/guard.ts'
import { ajvOracle, hyperjumpOracle } from './support/fuzz-oracles.ts'
import type { Verdict } from './support/fuzz-oracles.ts'
import { FUZZ_KEYWORDS, NAMES, fuzzCase, json, keywordsIn, toolSchema } from './support/fuzz-schemas.ts'
import { HOSTILE_KINDS, declaredNames, fingerprint, mutate, mutation, wideCase } from './support/fuzz-hostile.ts'
import { FIXED_SEED, REGRESSIONS } from './support/fuzz-seeds.ts'
import type { FuzzProperty } from './support/fuzz-seeds.ts'

const LONG = process.env.npm_lifecycle_event === 'fuzz'
const RUNS = Number(process.env.FUZZ_RUNS ?? (LONG ? 100_000 : 4_400))
const SCALE = RUNS / 4_400
const SEED = Number(process.env.FUZZ_SEED ?? (LONG ? Math.floor(Math.random() * 2 ** 31) : FIXED_SEED))
/** Cases the oracle comparison must reach, and how often each built-in keyword must appear. */
const MIN_CASES = 20_000
const MIN_PER_KEYWORD = 200

// The failing assertion's message goes into the report (uvu prints the message, not its cause).
const params = (numRuns: number) => ({ numRuns: Math.max(1, Math.round(numRuns)), seed: SEED, includeErrorInReport: true })

/** Replays the regression cases of one property (see `support/fuzz-seeds.ts`). */
function replayRegressions<T>(property: FuzzProperty, run: (p: fc.IProperty<T> | fc.IAsyncProperty<T>, options: fc.Parameters<T>) => unknown, p: fc.IProperty<T> | fc.IAsyncProperty<T>): unknown[] {
  return REGRESSIONS.filter((r) => r.property === property).map((r) => run(p, { seed: r.seed, path: r.path, numRuns: 1, includeErrorInReport: true }))
}

/**
 * A work budget no generated case comes near: using it up means runaway work. The largest value
 * drawn, a 100,000-character string, is charged 200,000 units by one `regex` format (2 per
 * character) and a few times that across a union's branches.
 */
const BUDGET = 2_000_000

/** One call's full answer: `valid`, or every issue (keyword, paths, message). */
function answerOf(v: JSONSchemaValidator, data: unknown): string {
  const error = v.validate(data)
  return error === null ? 'valid' : error.errors.map((i) => `${i.keyword} ${i.instancePath} ${i.schemaPath} ${i.message}`).join(' | ')
}

/** `applyDefaults`' result as JSON (`json`), or the issues of the error it threw. */
function defaultsOf(v: JSONSchemaValidator, data: unknown, json: boolean): string {
  try {
    const out = applyDefaults(data, v)
    return json ? `ok ${JSON.stringify(out)}` : 'ok'
  } catch (e) {
    assert.ok(ValidationError.isInstance(e), `applyDefaults threw ${String(e)}`)
    return `threw ${e.errors.map((i) => `${i.keyword} ${i.instancePath} ${i.schemaPath} ${i.message}`).join(' | ')}`
  }
}

/**
 * The three tiers, by the options that choose them. `default` moves to generated code after 16
 * validations (a given threshold: default options wait for interpreted work in proportion to
 * the schema, which on these small data can take more calls than are made here), so every datum
 * meets the move in the middle of a run of calls, as a long-lived validator does.
 */
const TIERS = { interpreter: { codegen: false }, generated: { codegenThreshold: 0 }, default: { codegenThreshold: 16 } } as const
/** Calls of the default tier per datum: past the tier-up (16 validations), for every datum. */
const CALLS = 20

/**
 * Compiles `schema` in every tier and checks that each gives the interpreter's answer on every
 * datum (the default tier on each of its `CALLS` calls), for `validate` and for `applyDefaults`;
 * a refusal must be the same in every tier too. Returns the interpreter, or the compile error.
 */
function sameInEveryTier(schema: unknown, options: SchemaOptions, data: readonly unknown[], json: boolean, where: () => string): JSONSchemaValidator | SchemaError {
  const compiled = {} as Record<keyof typeof TIERS, JSONSchemaValidator | SchemaError>
  for (const [tier, tierOptions] of Object.entries(TIERS) as [keyof typeof TIERS, SchemaOptions][]) {
    try {
      compiled[tier] = newJSONSchema(schema, { ...options, ...tierOptions })
    } catch (e) {
      if (!SchemaError.isInstance(e)) throw e
      compiled[tier] = e
    }
  }
  const { interpreter, generated, default: hot } = compiled
  if (SchemaError.isInstance(interpreter) || SchemaError.isInstance(generated) || SchemaError.isInstance(hot)) {
    const messages = [interpreter, generated, hot].map((c) => (SchemaError.isInstance(c) ? c.message : 'compiled'))
    assert.equal(messages.slice(1), [messages[0], messages[0]], `compiles differ between tiers: ${where()}`)
    return interpreter as SchemaError
  }
  data.forEach((d, i) => {
    const expected = answerOf(interpreter, d)
    assert.is(answerOf(generated, d), expected, `generated code (codegenThreshold 0) differs from the interpreter on datum ${i}: ${where()}`)
    for (let call = 1; call <= CALLS; call++) {
      assert.is(answerOf(hot, d), expected, `codegenThreshold 16, call ${call} on datum ${i}, differs from the interpreter: ${where()}`)
    }
    const defaults = defaultsOf(interpreter, d, json)
    assert.is(defaultsOf(generated, d, json), defaults, `applyDefaults with generated code differs on datum ${i}: ${where()}`)
    assert.is(defaultsOf(hot, d, json), defaults, `applyDefaults on the hot (codegenThreshold 16) schema differs on datum ${i}: ${where()}`)
  })
  return interpreter
}

/**
 * schemavet's answer for each datum, `'error'` when it refused the schema, or `'unresolved'` when
 * it refused it only for references to nothing: schemavet resolves every reference at compile
 * time, while ajv and hyperjump resolve some lazily and accept such a schema as long as the data
 * never reaches the reference (an empty `$defs` under a `$dynamicRef` to `#/$defs/x`, say).
 */
function schemavet(schema: unknown, options: SchemaOptions, data: readonly unknown[], where: () => string, tiers = true): (boolean | 'error' | 'unresolved' | 'limit')[] {
  let v: JSONSchemaValidator | SchemaError
  if (tiers) v = sameInEveryTier(schema, { formats: 'annotate', ...options }, data, true, where)
  else {
    try {
      v = newJSONSchema(schema, { formats: 'annotate', ...options })
    } catch (e) {
      if (!SchemaError.isInstance(e)) throw e
      v = e
    }
  }
  if (SchemaError.isInstance(v)) {
    const unresolved = v.errors.every((p) => /^cannot resolve reference ".*" is not in /.test(p.message))
    return data.map(() => (unresolved ? 'unresolved' : 'error') as 'error' | 'unresolved')
  }
  return data.map((d) => {
    const error = v.validate(d)
    return error === null ? true : error.errors[0]!.keyword === 'limit' ? 'limit' : false
  })
}

// The watchdog only ends a hang: twice what a loaded machine needs, so load cannot trip it.
const fuzz = guardedSuite(import.meta.url, 'fuzzing: generated schemas and data', { timeoutMs: Math.max(300_000, RUNS * 120) })

fuzz('schemavet agrees with ajv and hyperjump wherever the two agree', async () => {
  console.log(`\nfuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`)
  let cases = 0
  let agreed = 0
  let unanswered = 0
  let disagreed = 0
  const disagreements: string[] = []
  const perKeyword = new Map<string, number>()
  const seen = new Set<string>()
  const property = fc.asyncProperty(fuzzCase, async ({ dialect, schema, data }) => {
      const before = JSON.stringify(schema)
      const at = () => `${dialect} schema ${before} data ${JSON.stringify(data)}`
      // The dialect as the default (only OpenAPI 3.0, which has no `$schema`, needs it).
      const defaultDialect = dialect
      const trusted = schemavet(schema, { defaultDialect }, data, at)
      // Untrusted mode compiles once (its tiers are the trusted ones, held to the same answers).
      const untrusted = schemavet(schema, { defaultDialect, untrusted: true }, data, at, false)
      // Counted work: under a budget far above what these small cases need, none runs out.
      const budgeted = schemavet(schema, { defaultDialect, maxWork: BUDGET }, data, at, false)
      assert.equal(budgeted, trusted, `a work budget of ${BUDGET} changed the answers (runaway work?): ${at()}`)
      assert.is(JSON.stringify(schema), before, 'schemavet changed the schema')
      const [a, h] = [await ajvOracle.verdicts(dialect, schema, data), await hyperjumpOracle.verdicts(dialect, schema, data)]
      seen.clear()
      keywordsIn(schema, seen)
      for (const k of seen) perKeyword.set(k, (perKeyword.get(k) ?? 0) + data.length)
      cases += data.length
      data.forEach((d, i) => {
        const where = () => `${dialect} schema ${JSON.stringify(schema)} data ${JSON.stringify(d)}`
        assert.is(untrusted[i], trusted[i], `untrusted mode answered ${untrusted[i]}, trusted ${trusted[i]}: ${where()}`)
        if (a[i] === 'error' || h[i] === 'error' || trusted[i] === 'unresolved') return void unanswered++
        if (a[i] !== h[i]) {
          if (disagreed++ < 8) disagreements.push(`ajv ${a[i]}, hyperjump ${h[i]}, schemavet ${trusted[i]}: ${where()}`)
          return
        }
        agreed++
        assert.is(trusted[i], a[i] as Verdict, `ajv and hyperjump say ${a[i]}, schemavet ${trusted[i]}: ${where()}`)
      })
    })
  for (const replay of replayRegressions('oracles', (p, o) => fc.assert(p as fc.IAsyncProperty<never>, o), property)) await replay
  await fc.assert(property, params(RUNS))
  const builtIn = [...new Set(standardKeywords.map((d) => d.keyword))].sort()
  const rows = builtIn.map((k) => `${k} ${perKeyword.get(k) ?? 0}`)
  console.log(`fuzz: ${cases} cases, ${agreed} where the oracles agreed (schemavet agreed with all), ${unanswered} an oracle could not answer, ${disagreed} where the oracles disagreed (logged, not failed)`)
  for (const d of disagreements) console.log(`  oracles disagree: ${d.slice(0, 400)}`)
  console.log(`fuzz: cases per built-in keyword: ${rows.join(', ')}`)
  assert.ok(cases >= MIN_CASES * Math.min(1, SCALE), `only ${cases} cases`)
  assert.equal(builtIn.filter((k) => !FUZZ_KEYWORDS.includes(k)), [], 'a built-in keyword the generator never writes')
  const rare = builtIn.filter((k) => (perKeyword.get(k) ?? 0) < MIN_PER_KEYWORD * Math.min(1, SCALE))
  assert.equal(rare, [], `keywords exercised fewer than ${MIN_PER_KEYWORD} times`)
})

/** Hostile data: every odd value fast-check knows, plus traps and values JSON cannot hold. */
const hostileData = fc.oneof(
  fc.anything({ maxDepth: 3, withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withObjectString: true, withSparseArray: true, withTypedArray: true }),
  json,
  fc.constantFrom<unknown>(
    -0, Number.NaN, Infinity, 2 ** 60, Number.MAX_VALUE, '\uD800', 'a'.repeat(100_000), Buffer.from('ab'), new Date(0), () => 1,
    Proxy.revocable({}, {}).proxy, { get a(): never { throw new Error('getter') } }, new Proxy([1], { get: () => { throw new Error('trap') } }),
  ),
)

/** Generated schemas, the same with one keyword's value replaced by junk, and junk. */
const anySchema = fc.oneof(
  fuzzCase.map((c) => c.schema),
  fc.tuple(fuzzCase, fc.constantFrom(...FUZZ_KEYWORDS), fc.jsonValue({ maxDepth: 2 })).map(([c, k, v]) => ({ ...c.schema, [k]: v })),
  fc.jsonValue({ maxDepth: 3 }),
)

const options = fc.record({ untrusted: fc.boolean(), regex: fc.constantFrom<'ecmascript' | 'linear'>('ecmascript', 'linear'), allErrors: fc.boolean() })

/** Text of a hostile value for a report (it may hold BigInts, Proxies, getters that throw). */
function describe(x: unknown): string {
  try {
    return JSON.stringify(x, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))?.slice(0, 300) ?? String(x)
  } catch (e) {
    return `<unprintable: ${String(e)}>`
  }
}

fuzz('random schemas and hostile data never crash or hang schemavet, and get one answer in every tier', () => {
  let compiled = 0
  let refused = 0
  const property = fc.property(anySchema, hostileData, options, (schema, data, opts) => {
    const where = () => `schema ${describe(schema)} data ${describe(data)} options ${JSON.stringify(opts)}`
    let v: JSONSchemaValidator | SchemaError
    try {
      // Validate and applyDefaults in every tier; only ValidationError may come out of applyDefaults.
      v = sameInEveryTier(schema, opts, [data], false, where)
    } catch (e) {
      assert.ok(e instanceof assert.Assertion, `threw ${String(e)}: ${where()}`)
      throw e
    }
    if (SchemaError.isInstance(v)) return void refused++
    compiled++
    const error = v.validate(data)
    assert.ok(error === null || error instanceof ValidationError)
    // Counted work: a budget far above what one small value needs is never used up.
    const budgeted = newJSONSchema(schema, { ...opts, maxWork: BUDGET }).validate(data)
    assert.is.not(budgeted?.errors[0]?.keyword, 'limit', `used up a work budget of ${BUDGET}: ${where()}`)
  })
  replayRegressions('hostile', (p, o) => fc.assert(p as fc.IProperty<never>, o), property)
  fc.assert(property, params(3_000 * SCALE))
  console.log(`fuzz: ${compiled + refused} random schemas with hostile data (${compiled} compiled, ${refused} refused with a SchemaError), none crashed`)
})

/** Hostile-value cases (`npm test`): schemas (generated, and wide ones that walk keys) times mutated data. */
const HOSTILE_RUNS = Math.round(700 * SCALE)

/** A call's answer as the tiers must share it: `valid`, or each issue's keyword and instance path. */
function tierAnswer(v: JSONSchemaValidator, data: unknown, where: () => string): string {
  let error: ValidationError | null
  try {
    error = v.validate(data)
  } catch (e) {
    assert.unreachable(`validate threw ${String(e)}: ${where()}`)
    throw e
  }
  return error === null ? 'valid' : error.errors.map((i) => `${i.keyword} ${i.instancePath}`).join(' | ')
}

/** `applyDefaults`' outcome as the tiers must share it: `ok`, or the issues of the ValidationError it threw (nothing else may come out). */
function defaultsAnswer(v: JSONSchemaValidator, data: unknown, where: () => string): string {
  try {
    applyDefaults(data, v)
    return 'ok'
  } catch (e) {
    assert.ok(ValidationError.isInstance(e), `applyDefaults threw ${String(e)}: ${where()}`)
    return `threw ${e.errors.map((i) => `${i.keyword} ${i.instancePath}`).join(' | ')}`
  }
}

fuzz('hostile values (getters, Proxies, other realms, revoked Proxies, hidden and symbol keys, holes) get one answer in every tier, and nothing is written', () => {
  const perKind = new Map<string, number>()
  let cases = 0
  let refused = 0
  const property = fc.property(fc.oneof(fuzzCase, wideCase), fc.array(mutation, { minLength: 1, maxLength: 4 }), fc.boolean(), ({ dialect, schema, data }, mutations, allErrors) => {
    const options: SchemaOptions = { defaultDialect: dialect, formats: 'annotate', allErrors }
    const tiers: JSONSchemaValidator[] = []
    for (const tier of Object.values(TIERS) as SchemaOptions[]) {
      try {
        tiers.push(newJSONSchema(schema, { ...options, ...tier }))
      } catch (e) {
        if (!SchemaError.isInstance(e)) throw e
      }
    }
    if (tiers.length === 0) return void refused++
    assert.is(tiers.length, 3, `a tier refused a schema the others compiled: ${JSON.stringify(schema)}`)
    const [interpreter, generated, hot] = tiers as [JSONSchemaValidator, JSONSchemaValidator, JSONSchemaValidator]
    const names = [...declaredNames(schema), ...NAMES]
    mutations.forEach((m, i) => {
      const datum = data[i % data.length]
      const hostile = mutate(datum, m, names)
      const where = () => `${m.kind} (at ${m.at}, pick ${m.pick}) of ${JSON.stringify(datum)} under ${dialect} ${JSON.stringify(schema)}, allErrors ${allErrors}`
      const before = fingerprint(hostile.value)
      const expected = tierAnswer(interpreter, hostile.value, where)
      assert.is(tierAnswer(generated, hostile.value, where), expected, `generated code (codegenThreshold 0) differs from the interpreter: ${where()}`)
      for (let call = 1; call <= CALLS; call++) assert.is(tierAnswer(hot, hostile.value, where), expected, `default options, call ${call}, differs from the interpreter: ${where()}`)
      const defaults = defaultsAnswer(interpreter, hostile.value, where)
      assert.is(defaultsAnswer(generated, hostile.value, where), defaults, `applyDefaults with generated code differs: ${where()}`)
      assert.is(defaultsAnswer(hot, hostile.value, where), defaults, `applyDefaults on the hot schema differs: ${where()}`)
      if (hostile.transparent) {
        // Read as the same JSON, it gets the plain datum's answer.
        assert.is(expected === 'valid', interpreter.validate(datum) === null, `answered ${expected} where the plain datum is ${interpreter.validate(datum) === null ? 'valid' : 'invalid'}: ${where()}`)
      }
      assert.is(fingerprint(hostile.value), before, `the value changed: ${where()}`)
      assert.is(hostile.writes.n, 0, `written through a Proxy: ${where()}`)
      perKind.set(m.kind, (perKind.get(m.kind) ?? 0) + 1)
      cases++
    })
  })
  replayRegressions('hostile-values', (p, o) => fc.assert(p as fc.IProperty<never>, o), property)
  fc.assert(property, params(HOSTILE_RUNS))
  console.log(`fuzz: ${cases} hostile values (${[...perKind].map(([k, n]) => `${k} ${n}`).join(', ')}), each in 3 tiers (${cases} interpreter, ${cases} generated, ${cases * CALLS} default-option calls); ${refused} schemas refused`)
  for (const kind of HOSTILE_KINDS) assert.ok((perKind.get(kind) ?? 0) >= HOSTILE_RUNS / 20, `${kind}: only ${perKind.get(kind) ?? 0} cases`)
})

/**
 * JSON equality by text (key order included, which copies keep). Not uvu's deep equal: it
 * compares `.constructor`, which generated data holds as an ordinary key.
 */
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** Freezes a JSON value all the way down: a write to it would throw. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v)
    Object.freeze(value)
  }
  return value
}

fuzz('applyDefaults never changes its input and returns a copy', () => {
  let calls = 0
  fc.assert(
    fc.property(fuzzCase, ({ schema, data }) => {
      let v: JSONSchemaValidator
      try {
        v = newJSONSchema(schema)
      } catch {
        return
      }
      for (const d of data) {
        const before = structuredClone(d)
        let out: unknown
        try {
          out = applyDefaults(deepFreeze(d), v)
        } catch (e) {
          assert.ok(ValidationError.isInstance(e), `threw ${String(e)}`)
          continue
        }
        calls++
        assert.ok(sameJson(d, before), `the input changed: ${JSON.stringify(before)} became ${JSON.stringify(d)}`)
        if (typeof d === 'object' && d !== null) assert.is.not(out, d, 'a container came back as is')
      }
    }),
    params(1_000 * SCALE),
  )
  console.log(`fuzz: ${calls} applyDefaults calls on frozen input, none wrote to it`)
})

/** Data for a tool schema: mostly conforming (properties may be missing), sometimes not. */
function instanceOf(schema: Record<string, unknown>): fc.Arbitrary<unknown> {
  if (schema.type === 'object') {
    const props = schema.properties as Record<string, Record<string, unknown>>
    return fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, instanceOf(s)])), { requiredKeys: [] })
  }
  if (schema.type === 'array') return fc.array(instanceOf(schema.items as Record<string, unknown>), { maxLength: 3 })
  const good = schema.type === 'string' ? fc.constantFrom('s', 'tt') : schema.type === 'integer' ? fc.nat(5) : schema.type === 'boolean' ? fc.boolean() : fc.constantFrom('on', 'off')
  return fc.oneof({ weight: 9, arbitrary: good }, { weight: 1, arbitrary: json })
}

fuzz('applyDefaults keeps valid data valid and is idempotent on tool schemas', () => {
  let kept = 0
  fc.assert(
    fc.property(
      toolSchema.chain((schema) => fc.tuple(fc.constant(schema), instanceOf(schema))),
      ([schema, input]) => {
        const v = newJSONSchema(schema)
        const out = applyDefaults(input, v)
        if (v.validate(input) === null) {
          assert.is(v.validate(out), null, `${JSON.stringify(input)} became ${JSON.stringify(out)} under ${JSON.stringify(schema)}`)
          kept++
        }
        assert.ok(sameJson(applyDefaults(out, v), out), `a second pass changed ${JSON.stringify(out)}`)
      },
    ),
    params(2_000 * SCALE),
  )
  console.log(`fuzz: ${kept} valid inputs stayed valid after applyDefaults`)
})

fuzz.run()
