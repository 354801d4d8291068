/**
 * The command dispatcher: `validate`, `check`, `defaults`, `grammar` (`cli/grammar.ts`),
 * `compile` (`cli/compile.ts`) and
 * `struct` (implemented in `cli/struct.ts`). Returns the exit
 * code; prints `schemavet: <message>` for usage and file errors.
 */
import { readFileSync } from 'node:fs'
import { MAIN_USAGE, OutputClosed, write } from './args.ts'
import { checkCommand } from './check.ts'
import { grammarCommand } from './grammar.ts'
import { compileCommand } from './compile.ts'
import { CliError } from './json-io.ts'
import { structCommand as runStruct } from './struct.ts'
import { validateCommand } from './validate.ts'

/** What `structCommand` writes to (the contract with `cli/struct.ts`). */
export interface CommandIo {
  stdout(s: string): void
  stderr(s: string): void
}

type StructCommand = (args: string[], io: CommandIo) => Promise<number>

/** `struct`: derives schemas from TypeScript declarations (`cli/struct.ts`). */
async function structCommand(args: string[]): Promise<number> {
  const io: CommandIo = { stdout: (s) => void process.stdout.write(s), stderr: (s) => void process.stderr.write(s) }
  return runStruct(args, io)
}

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  validate: (args) => validateCommand(args, 'validate'),
  defaults: (args) => validateCommand(args, 'defaults'),
  check: checkCommand,
  struct: structCommand,
  grammar: grammarCommand,
  compile: compileCommand,
}

/**
 * The installed package's version. Found through the package's own name (its `exports` lists
 * `./package.json`), so it is the same from the sources and from `dist/`, wherever installed.
 */
export function packageVersion(): string {
  const url = import.meta.resolve('schemavet/package.json')
  return (JSON.parse(readFileSync(new URL(url), 'utf8')) as { version: string }).version
}

/** Runs the command line on `argv` (without `node` and the script). Returns the exit code. */
export async function runCli(argv: string[]): Promise<number> {
  const [command, ...args] = argv
  if (command === '--version' || command === '-V') {
    await write(process.stdout, `${packageVersion()}\n`)
    return 0
  }
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    await write(command === undefined ? process.stderr : process.stdout, MAIN_USAGE)
    return command === undefined ? 2 : 0
  }
  const run = Object.prototype.hasOwnProperty.call(COMMANDS, command) ? COMMANDS[command]! : undefined
  try {
    if (run === undefined) throw new CliError(`unknown command "${command}"\n${MAIN_USAGE}`)
    return await run(args)
  } catch (e) {
    // the reader of the output went away before a command could say how it ended
    if (e instanceof OutputClosed) return 0
    if (!(e instanceof CliError)) throw e
    try {
      await write(process.stderr, `schemavet: ${e.message}\n`)
    } catch (closed) {
      if (!(closed instanceof OutputClosed)) throw closed
    }
    return e.code
  }
}
