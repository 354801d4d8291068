/**
 * One TypeScript program per file set (a root file and everything it imports), cached and
 * reused, and one parsed source file per path shared by every program: the standard library is
 * parsed once per process, and a file imported by several roots is parsed once.
 *
 * Freshness: before a cached program is reused, each of its own files (not the standard library)
 * is checked with `stat`; a changed mtime or size drops the file, and the program is rebuilt with
 * the old one handed to TypeScript so unchanged files are reused. A file written within
 * `RACY_MS` of when it was read may change without a visible mtime change (coarse filesystem
 * timestamps), so such a file is compared by content until it is old enough to trust its mtime.
 */
import type * as TS from 'typescript'
import type { TypeScript } from './typescript.ts'
import { builtin } from './builtin.ts'

const { readFileSync, statSync } = builtin('node:fs')
const path = builtin('node:path')

/** Programs kept; the least recently used one beyond this is dropped. */
const MAX_PROGRAMS = 16
/** Timestamp granularity to distrust: FAT has 2 s, HFS+ 1 s; ext4/APFS/NTFS are far finer. */
const RACY_MS = 2_000

interface FileEntry {
  sourceFile: TS.SourceFile
  mtimeMs: number
  size: number
  /** The mtime is old enough that a later edit must change it (or the size). */
  settled: boolean
}

interface Cache {
  ts: TypeScript
  host: TS.CompilerHost
  options: TS.CompilerOptions
  files: Map<string, FileEntry>
  programs: Map<string, TS.Program>
}

let cache: Cache | undefined
const counters = { programsCreated: 0, filesParsed: 0 }

/**
 * What the cache has done since the process started. `programsCreated` counts
 * `ts.createProgram` calls, `filesParsed` counts source files read and parsed (the standard
 * library included). Allocates a fresh object; for tests and diagnostics.
 */
export function structCacheStats(): { programsCreated: number; filesParsed: number; programsCached: number } {
  return { ...counters, programsCached: cache?.programs.size ?? 0 }
}

/**
 * Compiler options for reading declarations: strict (so `T | undefined` and optional properties
 * mean what they say), no emit, and only the ES5 standard library with no `@types` packages:
 * ES5 declares every type JSON data can have (Array, Date, Record and the other utility types),
 * and leaving out the DOM and later libraries is most of why a cold derivation is fast. Bundler
 * resolution accepts the import styles projects use (`./a`, `./a.js`, `./a.ts`, package exports).
 */
function compilerOptions(ts: TypeScript): TS.CompilerOptions {
  return {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es5.d.ts'],
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    resolveJsonModule: true,
    jsx: ts.JsxEmit.Preserve,
  }
}

function setUp(ts: TypeScript): Cache {
  if (cache !== undefined && cache.ts === ts) return cache
  const options = compilerOptions(ts)
  const files = new Map<string, FileEntry>()
  const base = ts.createCompilerHost(options)
  const libraryDirectory = path.dirname(ts.getDefaultLibFilePath(options))
  const host: TS.CompilerHost = {
    ...base,
    getSourceFile(fileName, languageVersionOrOptions, onError) {
      const hit = files.get(fileName)
      if (hit !== undefined) return hit.sourceFile
      const readAt = Date.now()
      let stat
      try {
        stat = statSync(fileName)
      } catch {
        return undefined
      }
      const text = base.readFile(fileName)
      if (text === undefined) {
        onError?.(`cannot read ${fileName}`)
        return undefined
      }
      // Nothing reads the standard library's doc comments (its types never get annotations), and
      // skipping them takes a third off its parse, the largest cost of a cold derivation after
      // loading TypeScript itself.
      const library = fileName.startsWith(libraryDirectory + '/')
      const parse: TS.CreateSourceFileOptions =
        typeof languageVersionOrOptions === 'object' ? { ...languageVersionOrOptions } : { languageVersion: languageVersionOrOptions }
      if (library) parse.jsDocParsingMode = ts.JSDocParsingMode.ParseNone
      const sourceFile = ts.createSourceFile(fileName, text, parse)
      counters.filesParsed++
      files.set(fileName, { sourceFile, mtimeMs: stat.mtimeMs, size: stat.size, settled: readAt - stat.mtimeMs > RACY_MS })
      return sourceFile
    },
  }
  cache = { ts, host, options, files, programs: new Map() }
  return cache
}

/** Whether the file behind `entry` changed since it was parsed. */
function isStale(fileName: string, entry: FileEntry): boolean {
  let stat
  try {
    stat = statSync(fileName)
  } catch {
    return true
  }
  if (stat.mtimeMs !== entry.mtimeMs || stat.size !== entry.size) return true
  if (entry.settled) return false
  let text
  try {
    text = readFileSync(fileName, 'utf8')
  } catch {
    return true
  }
  // The host strips a byte-order mark when it reads; compare what it would have parsed.
  if ((text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) !== entry.sourceFile.text) return true
  if (Date.now() - stat.mtimeMs > RACY_MS) entry.settled = true
  return false
}

/**
 * Drops the parsed files of `program` that changed on disk; true when any did (or when a file
 * was re-read for another program since, so this one holds an outdated copy).
 */
function dropChanged(c: Cache, program: TS.Program): boolean {
  let changed = false
  for (const sourceFile of program.getSourceFiles()) {
    if (program.isSourceFileDefaultLibrary(sourceFile)) continue
    const entry = c.files.get(sourceFile.fileName)
    if (entry === undefined || entry.sourceFile !== sourceFile) {
      changed = true
    } else if (isStale(sourceFile.fileName, entry)) {
      c.files.delete(sourceFile.fileName)
      changed = true
    }
  }
  return changed
}

/**
 * The program for `rootFile` (an absolute path): the cached one when none of its files changed,
 * else a new one (reusing every unchanged parsed file). Synchronous; the first call in a process
 * loads and parses the standard library (a few hundred milliseconds), later ones cost a `stat`
 * per file of the program.
 */
export function programFor(ts: TypeScript, rootFile: string): TS.Program {
  const c = setUp(ts)
  const cached = c.programs.get(rootFile)
  if (cached !== undefined && !dropChanged(c, cached)) {
    c.programs.delete(rootFile)
    c.programs.set(rootFile, cached)
    return cached
  }
  const program = ts.createProgram({ rootNames: [rootFile], options: c.options, host: c.host, oldProgram: cached })
  counters.programsCreated++
  c.programs.delete(rootFile)
  c.programs.set(rootFile, program)
  if (c.programs.size > MAX_PROGRAMS) c.programs.delete(c.programs.keys().next().value!)
  return program
}
