/**
 * For scripts that must run where code generation from strings is forbidden (as on edge runtimes):
 * exits with a message when `new Function` works here, so a run without
 * `--disallow-code-generation-from-strings` cannot pass for one with it.
 */
export function requireNoCodegen(): void {
  let codegen = true
  try {
    new Function('return 1')
  } catch {
    codegen = false
  }
  if (codegen) {
    console.error('code generation is allowed here: run with --disallow-code-generation-from-strings')
    process.exit(1)
  }
}
