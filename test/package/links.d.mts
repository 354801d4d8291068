// Types of test/package/links.mjs, for test/package.test.ts (check.mjs runs it as plain JavaScript).

export interface Link {
  /** 1-based line of the link in its document. */
  line: number
  target: string
}

/** The relative link targets of a Markdown text (no URLs, no same-page fragments, nothing inside code). */
export function relativeLinks(markdown: string): Link[]

/** The fragment ids of a Markdown text's headings (GitHub's slugs) and explicit anchors. */
export function headingSlugs(markdown: string): Set<string>

/** The relative links of `documents` that resolve to no shipped file or heading, one message each; `checked` counts every link. */
export function deadLinks(documents: Iterable<string>, shipped: ReadonlySet<string>, read: (path: string) => string): { dead: string[]; checked: number }

/** The `docs/….md` paths a text names, each once, in order. */
export function cliDocPaths(text: string): string[]
