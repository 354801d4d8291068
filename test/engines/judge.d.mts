/** Types of judge.mjs: the decoding engines as judges of a grammar (see that file). */

/** A compiled grammar: `accepts(text)` is true only when the whole text is in its language. */
export declare class JudgedGrammar {
  accepts(text: string): Promise<boolean>
  dispose(): void
}

/** A grammar the engine refused to compile (a syntax error, or a converter that gave up). */
export declare class GrammarCompileError extends Error {
  readonly engine: 'llama.cpp' | 'xgrammar'
  /** The engine's own full message (llama.cpp's parser prints its detail to stderr instead). */
  readonly detail: string
}

export interface Engine {
  readonly name: 'llama.cpp' | 'xgrammar'
  /** Compiles grammar text. @throws GrammarCompileError when the engine's parser refuses it */
  compile(text: string): Promise<JudgedGrammar>
  /** The engine's own JSON Schema converter. @throws GrammarCompileError when it gives up */
  fromJsonSchema(schema: unknown): Promise<JudgedGrammar>
  close(): Promise<void>
}

export declare const gbnf: Engine
export declare const xgrammarEngine: Engine & { readonly loads: number }
/** The judge of each grammar format toGrammar writes. */
export declare const engines: { gbnf: Engine; xgrammar: Engine & { readonly loads: number } }
