/** Code the keyword-name check in test/one-place.test.ts must flag (lines 5, 7 and 11), and must not. */
import type { ValidationIssue } from '../../index.ts'

export function probe(issue: ValidationIssue, mode: string): number {
  if (issue.keyword === 'anyOf') return 1
  switch (issue.keyword) {
    case 'maxItems':
      return 2
  }
  if (mode === 'enum') return 3 // a word, not a keyword held by an issue
  return ['type', 'enum'].length
}
