/**
 * Problems found while deriving a schema. Every message names the declaration being derived
 * (`file#Type`), the property the problem sits at, and the type that declares that property, so
 * a person can jump straight to the line. Problems are collected for the whole declaration and
 * thrown together as one `SchemaError`: one run shows every property to fix.
 */
import { SchemaError, formatPointer } from '../core/index.ts'
import type { SchemaProblem } from '../core/index.ts'
import { builtin } from './builtin.ts'

const path = builtin('node:path')

/** Where a property was declared, for messages. */
export interface Owner {
  /** The declaring interface, class or type alias (`Address`), or `an anonymous type`. */
  name: string
  /** `file:line` of the property's declaration. */
  location: string
}

/** `path` relative to the working directory when it is inside it (shorter messages), else absolute. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file
}

/** A `SchemaError` with one problem at the root of the would-be schema. */
export function structError(subject: string, reason: string): SchemaError {
  return new SchemaError([{ schemaPath: '#', message: `${subject}: ${reason}` }])
}

/**
 * Collects problems at the current site of a derivation. The site is a stack kept by the
 * derivation: schema-path tokens (where the problem would sit in the derived schema), a readable
 * property path (`address.lines[]`), and the owner of the innermost property.
 */
export class Problems {
  private readonly list: SchemaProblem[] = []
  /** What was understood only in part (an unknown JSDoc tag), in the order met. */
  readonly warnings: SchemaProblem[] = []
  private readonly tokens: (string | number)[] = []
  private readonly labels: string[] = []
  private readonly owners: (Owner | undefined)[] = []

  /** `subject` names the declaration being derived: `types.ts#Person`. */
  constructor(readonly subject: string) {}

  /** Runs `fn` one step further down: `tokens` into the schema, `label` onto the property path. */
  within<T>(tokens: readonly (string | number)[], label: string, owner: Owner | undefined | null, fn: () => T): T {
    this.tokens.push(...tokens)
    this.labels.push(label)
    // null keeps the current owner: array items and union members belong to the same property
    this.owners.push(owner === null ? this.owners[this.owners.length - 1] : owner)
    try {
      return fn()
    } finally {
      this.tokens.length -= tokens.length
      this.labels.length--
      this.owners.length--
    }
  }

  /** Records a problem at the current site. */
  add(reason: string): void {
    this.list.push(this.at(reason))
  }

  /** Records a warning at the current site: the schema is still derived. */
  warn(reason: string): void {
    this.warnings.push(this.at(reason))
  }

  /** `reason` with the current site: the subject, the property path, its owner, the schema path. */
  private at(reason: string): SchemaProblem {
    const labels = this.labels
    // A path past a dozen steps (a runaway generic) is shown by its ends.
    const property = labels.length > 12 ? `${labels.slice(0, 6).join('')}…${labels.slice(-3).join('')}` : labels.join('')
    const owner = this.owners[this.owners.length - 1]
    const where =
      property === ''
        ? ''
        : `, property "${property.startsWith('.') ? property.slice(1) : property}"` +
          (owner === undefined ? '' : ` (declared in ${owner.name} at ${owner.location})`)
    return { schemaPath: '#' + formatPointer(this.tokens), message: `${this.subject}${where}: ${reason}` }
  }

  /** Throws every recorded problem as one `SchemaError`; returns when there is none. */
  throwIfAny(): void {
    if (this.list.length > 0) throw new SchemaError(this.list)
  }
}
