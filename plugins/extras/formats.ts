/**
 * A custom format plugin: format checkers registered through the `resolveFormat` hook, so every
 * schema a kernel builds knows them (the `customFormats` option does the same per kernel or per
 * schema, and wins over this hook). Ships two example checkers, `semver` and `phone-e164`.
 */
import { hasOwn } from '../../core/index.ts'
import type { FormatChecker, Kernel } from '../../core/index.ts'

// From semver.org (2.0.0), the "official" regular expression, with named groups dropped.
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/

/** `semver`: a Semantic Versioning 2.0.0 version (`1.2.3`, `1.0.0-rc.1+build.5`). */
export const isSemver: FormatChecker = (value) => SEMVER.test(value)

/** `phone-e164`: an E.164 telephone number (`+4722334455`): a plus, then 2 to 15 digits, no leading 0. */
export const isE164: FormatChecker = (value) => /^\+[1-9][0-9]{1,14}$/.test(value)

/**
 * Registers format checkers on a kernel. Checked in the constructor: names are non-empty and
 * checkers are functions. Default: `semver` and `phone-e164`.
 */
export class FormatsPlugin {
  private readonly formats: Readonly<Record<string, FormatChecker>>

  constructor(formats: Record<string, FormatChecker> = { semver: isSemver, 'phone-e164': isE164 }) {
    for (const [name, check] of Object.entries(formats)) {
      if (name === '' || typeof check !== 'function') throw new TypeError(`FormatsPlugin: format "${name}" needs a non-empty name and a checker function`)
    }
    this.formats = Object.freeze({ ...formats })
  }

  /** Taps `resolveFormat` (setup only). */
  apply(kernel: Kernel): void {
    const formats = this.formats
    kernel.hooks.resolveFormat.tap('FormatsPlugin', (name) => (hasOwn(formats, name) ? formats[name] : undefined))
  }
}
