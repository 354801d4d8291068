/**
 * `schemavet struct <file.ts#Type>`: derives a JSON Schema from a TypeScript declaration and
 * prints it (or writes it with `--out`), so production code can ship the generated schema and
 * never load TypeScript at run time.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { SchemaError, newJSONSchema } from '../api.ts'
import { deriveStruct } from '../struct/index.ts'

/** Where a command writes; each call gets whole lines. */
export interface CommandIO {
  stdout: (s: string) => void
  stderr: (s: string) => void
}

/** The `--help` text of `schemavet struct`. */
export const STRUCT_USAGE = `Usage: schemavet struct <file.ts#Type> [--out FILE] [--allow-additional-properties]

Derives a draft 2020-12 JSON Schema from a TypeScript interface, type alias, class or enum and
prints it as JSON. Ship the output with your code and load it with newJSONSchema: nothing
loads TypeScript at run time.

Arguments:
  <file.ts#Type>                 the file (relative to the working directory) and the name of
                                 the declaration in it, e.g. ./src/types.ts#Person

Options:
  -o, --out FILE                 write the schema to FILE (directories are created) instead of
                                 printing it
      --allow-additional-properties
                                 object types accept properties they do not declare (default:
                                 additionalProperties: false)
  -h, --help                     print this help

JSDoc tags become keywords (the table is in docs/struct.md); a tag schemavet does not read is
ignored with a warning on stderr.

Exit status: 0 when the schema was printed or written (also with warnings); 2 for a usage error, a declaration that
cannot be read or expressed in JSON Schema (each problem is listed with its file, type and
property), or an output file that cannot be written.
`

/**
 * Runs `schemavet struct` with `args` (the words after `struct`). Never throws: problems go to
 * `io.stderr`, one per line, and set the exit status. Resolves to the exit status (0 or 2).
 */
export async function structCommand(args: string[], io: CommandIO): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        out: { type: 'string', short: 'o' },
        'allow-additional-properties': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (e) {
    return usage(io, (e as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help === true) {
    io.stdout(STRUCT_USAGE)
    return 0
  }
  if (positionals.length !== 1) {
    return usage(io, positionals.length === 0 ? 'missing the declaration to derive (<file.ts#Type>)' : `expected one declaration, got ${positionals.length}: ${positionals.join(' ')}`)
  }
  const type = positionals[0]!
  if (!type.includes('#')) return usage(io, `"${type}" names no declaration: write the file, "#", and the type's name (./types.ts#Person)`)
  let text: string
  try {
    const { schema, warnings } = deriveStruct(type, { allowAdditionalProperties: values['allow-additional-properties'] === true })
    // Compiling proves the output is a schema schemavet (and any 2020-12 validator) accepts.
    newJSONSchema(schema)
    text = JSON.stringify(schema, null, 2) + '\n'
    // A tag that was not understood changes nothing in the output, so it must not pass unseen.
    for (const warning of warnings) io.stderr(`schemavet struct: warning: ${warning.message}\n`)
  } catch (e) {
    if (SchemaError.isInstance(e)) {
      for (const problem of e.errors) io.stderr(`schemavet struct: ${problem.message}\n`)
    } else {
      io.stderr(`schemavet struct: ${(e as Error).message}\n`)
    }
    return 2
  }
  if (values.out === undefined) {
    io.stdout(text)
    return 0
  }
  try {
    mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true })
    writeFileSync(values.out, text)
  } catch (e) {
    io.stderr(`schemavet struct: cannot write ${values.out}: ${(e as Error).message}\n`)
    return 2
  }
  return 0
}

function usage(io: CommandIO, message: string): number {
  io.stderr(`schemavet struct: ${message}\nRun "schemavet struct --help" for usage.\n`)
  return 2
}
