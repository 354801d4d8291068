/**
 * The two decoding engines as judges of a grammar, without a model: llama.cpp's GBNF engine
 * (through node-llama-cpp) and XGrammar's EBNF engine (its WASM build). Each judge compiles a
 * grammar text (or the engine's own JSON-Schema converter's grammar) and says whether a whole text
 * is in its language. Everything engine-specific is here, so the tests, the corpus run and the
 * HTTP model server share one reading of each engine:
 *
 * - llama.cpp: `LlamaGrammar._testText` runs llama.cpp's own grammar engine character by
 *   character and is true only when the whole text is a complete match. It is an internal method
 *   of node-llama-cpp (pinned at 3.21.1 in this package), so it is called here and nowhere else.
 * - XGrammar: the package is a UMD file inside a `type: module` package, which Node's loaders
 *   take for an ES module; it is compiled here as the CommonJS module it is. Its WASM build aborts
 *   (`RuntimeError: Aborted()`) on some inputs and its state is not trusted after that, so every
 *   abort retires that copy of the module and the next call loads a fresh one.
 */
import Module, { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'

const require = createRequire(import.meta.url)

/** A compiled grammar: `accepts(text)` is true only when the whole text is in its language. */
export class JudgedGrammar {
  constructor(accepts, dispose) {
    this.accepts = accepts
    this.dispose = dispose
  }
}

/** A grammar the engine refused to compile (a syntax error, or a converter that gave up). */
export class GrammarCompileError extends Error {
  constructor(engine, message, detail) {
    super(`${engine}: ${message}`)
    this.name = 'GrammarCompileError'
    this.engine = engine
    this.detail = detail
  }
}

let llamaPromise
/** node-llama-cpp's CPU build (prebuilt; never compiled from source here). */
async function llama() {
  llamaPromise ??= (async () => {
    const { getLlama, LlamaLogLevel } = await import('node-llama-cpp')
    return getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error, logger: () => {} })
  })()
  return llamaPromise
}

/** `documentEnd`: what the grammar wants after the JSON text (llama.cpp's converter: four newlines). */
function gbnfJudged(grammar, documentEnd = '') {
  return new JudgedGrammar(
    async (text) => grammar._testText(text + documentEnd),
    () => {},
  )
}

/**
 * llama.cpp's converter ends every document with four newlines (its way to stop a model that
 * would otherwise go on); a JSON text is judged with them, so that only the JSON is compared.
 */
const LLAMA_DOCUMENT_END = '\n\n\n\n'

/** llama.cpp's GBNF engine. */
export const gbnf = {
  name: 'llama.cpp',
  /** Compiles GBNF text. @throws GrammarCompileError when llama.cpp's parser refuses it */
  async compile(text) {
    const l = await llama()
    let g
    try {
      g = await l.createGrammar({ grammar: text })
    } catch (e) {
      throw new GrammarCompileError('llama.cpp', String(e?.message ?? e).replace(/\s+/g, ' ').slice(0, 300), String(e?.message ?? e))
    }
    return gbnfJudged(g)
  },
  /** llama.cpp's own JSON Schema converter (`createGrammarForJsonSchema`), the baseline. */
  async fromJsonSchema(schema) {
    const l = await llama()
    let g
    try {
      g = await l.createGrammarForJsonSchema(schema)
    } catch (e) {
      throw new GrammarCompileError('llama.cpp', String(e?.message ?? e).replace(/\s+/g, ' ').slice(0, 300), String(e?.message ?? e))
    }
    return gbnfJudged(g, LLAMA_DOCUMENT_END)
  },
  async close() {
    if (llamaPromise === undefined) return
    const l = await llamaPromise
    llamaPromise = undefined
    await l.dispose()
  },
}

const XGRAMMAR_PATH = require.resolve('@mlc-ai/web-xgrammar')
const XGRAMMAR_SOURCE = readFileSync(XGRAMMAR_PATH, 'utf8')
/** What the current copy of the WASM module printed to stderr since the last call (its FATAL lines). */
let xgrammarMessages = []
let xgrammarCopy
/** Copies loaded so far (a fresh one after each abort). */
let xgrammarLoads = 0

/** A fresh copy of the XGrammar module. */
function loadXGrammar() {
  const m = new Module(XGRAMMAR_PATH)
  m.filename = XGRAMMAR_PATH
  m.paths = Module._nodeModulePaths(XGRAMMAR_PATH)
  m._compile(XGRAMMAR_SOURCE, XGRAMMAR_PATH)
  xgrammarLoads++
  return m.exports
}

/** Collects what the module prints to stderr (its FATAL lines), instead of the terminal. */
const captureError = (...args) => void xgrammarMessages.push(args.join(' '))

function xgrammar() {
  xgrammarCopy ??= loadXGrammar()
  return xgrammarCopy
}

const isAbort = (e) => /Aborted\(/.test(String(e?.message ?? e))

/** Runs one call into the WASM module; an abort retires the copy and becomes a thrown message. */
async function inXGrammar(run) {
  xgrammarMessages = []
  const copy = xgrammar()
  // The WASM runtime binds console.error when it starts (on the first call, not at load), so
  // the capture is in place around every call; calls are awaited one at a time.
  const error = console.error
  console.error = captureError
  try {
    return await run(copy)
  } catch (e) {
    if (isAbort(e)) {
      if (xgrammarCopy === copy) xgrammarCopy = undefined
      const fatal = xgrammarMessages.find((line) => /FATAL|error/i.test(line)) ?? 'aborted'
      throw new GrammarCompileError('xgrammar', fatal.replace(/^\[FATAL\] \S+ /, ''), xgrammarMessages.join('\n'))
    }
    throw e
  } finally {
    console.error = error
  }
}

/**
 * A grammar judged as `Testings.isGrammarAcceptString` judges it (a matcher over an empty
 * vocabulary that ends without a stop token: the whole text accepted and the matcher terminated),
 * with the matcher built once and reset for each text: that helper compiles the grammar again on
 * every call, which costs more than the judging for a schema-sized grammar.
 */
async function xgrammarJudged(copy, grammar) {
  const parts = []
  try {
    const tokenizer = await copy.TokenizerInfo.createTokenizerInfo([])
    parts.push(tokenizer)
    const compiler = await copy.GrammarCompiler.createGrammarCompiler(tokenizer, false)
    parts.push(compiler)
    const compiled = await compiler.compileGrammar(grammar)
    parts.push(compiled)
    const matcher = await copy.GrammarMatcher.createGrammarMatcher(compiled, undefined, true)
    parts.push(matcher)
    let disposed = false
    return new JudgedGrammar(
      async (text) => {
        // A grammar of a retired copy cannot be asked any more: that is a failure of the caller.
        if (xgrammarCopy !== copy) throw new Error('xgrammar: this grammar belongs to a module copy that aborted')
        return inXGrammar(async () => {
          matcher.reset()
          return matcher._acceptString(text, false) && matcher.isTerminated()
        })
      },
      () => {
        if (disposed || xgrammarCopy !== copy) return
        disposed = true
        for (const part of [...parts, grammar].reverse()) part.dispose()
      },
    )
  } catch (e) {
    if (xgrammarCopy === copy) for (const part of [...parts, grammar].reverse()) part.dispose()
    throw e
  }
}

/** XGrammar's EBNF engine. */
export const xgrammarEngine = {
  name: 'xgrammar',
  /** Compiles XGrammar EBNF text. @throws GrammarCompileError when XGrammar's parser refuses it */
  async compile(text) {
    return inXGrammar(async (copy) => xgrammarJudged(copy, await copy.Grammar.fromEBNF(text)))
  },
  /** XGrammar's own JSON Schema converter (`Grammar.fromJSONSchema`), the baseline. */
  async fromJsonSchema(schema) {
    return inXGrammar(async (copy) => xgrammarJudged(copy, await copy.Grammar.fromJSONSchema(JSON.stringify(schema))))
  },
  /** How many copies of the module were loaded (one more after each abort). */
  get loads() {
    return xgrammarLoads
  },
  async close() {
    xgrammarCopy = undefined
  },
}

/** The judge of each grammar format toGrammar writes. */
export const engines = { gbnf, xgrammar: xgrammarEngine }
