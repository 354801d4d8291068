/**
 * Dead-link checks for the documents the package ships, shared by `npm run test:package` (on the
 * packed tarball) and test/package.test.ts (on the file list `npm pack --dry-run` reports).
 *
 * - `relativeLinks(markdown)`: the link targets of a Markdown text that are neither a URL
 *   (`https:`, `mailto:`, any scheme) nor a fragment of the same page: inline links and images
 *   `[text](target "title")`, `<target>` forms, reference definitions `[id]: target`, and
 *   `href` / `src` attributes. Fenced code blocks and inline code spans are left out (a sample's
 *   `[a](b)` is code, not a link).
 * - `headingSlugs(markdown)`: the fragment ids GitHub gives the headings (and the `id` / `name`
 *   anchors) of a Markdown text.
 * - `deadLinks(documents, shipped, read)`: every relative link of the documents that does not
 *   resolve to a shipped file (or to a heading of it, when the link has a fragment into a
 *   Markdown file), as one message per link. `shipped` is the set of package paths;
 *   `read(path)` returns a shipped file's text.
 * - `cliDocPaths(text)`: the `docs/….md` paths a text names (what the CLI prints).
 */
import { posix } from 'node:path'

/** The lines of a text with fenced code blocks blanked and (unless `keepCode`) inline code spans removed. */
function prose(markdown, keepCode = false) {
  const out = []
  let fence = null
  for (const line of markdown.split('\n')) {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line)
    if (fence === null && open !== null) {
      fence = open[1]
      out.push('')
    } else if (fence !== null) {
      if (line.trim().startsWith(fence[0].repeat(fence.length)) && line.trim().replace(/[`~]/g, '') === '') fence = null
      out.push('')
    } else {
      out.push(keepCode ? line : line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, ''))
    }
  }
  return out
}

/** `[{ line, target }]` for each relative link of a Markdown text (1-based lines). */
export function relativeLinks(markdown) {
  const found = []
  const add = (line, raw) => {
    let target = raw.trim()
    if (target.startsWith('<') && target.endsWith('>')) target = target.slice(1, -1)
    if (target === '' || target.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return
    found.push({ line, target })
  }
  prose(markdown).forEach((text, i) => {
    const line = i + 1
    // inline links and images: ](target) or ](target "title") or ](<target>)
    for (const m of text.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g)) add(line, m[1])
    // reference definitions: [id]: target
    const ref = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(text)
    if (ref !== null) add(line, ref[1])
    for (const m of text.matchAll(/\b(?:href|src)\s*=\s*("[^"]*"|'[^']*')/gi)) add(line, m[1].slice(1, -1))
  })
  return found
}

/** GitHub's fragment id for a heading text. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** The fragment ids of a Markdown text: its headings (numbered as GitHub does when repeated) and explicit anchors. */
export function headingSlugs(markdown) {
  const ids = new Set()
  const seen = new Map()
  for (const text of prose(markdown, true)) {
    const h = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)
    if (h !== null) {
      const base = slug(h[1].replace(/`/g, ''))
      const n = seen.get(base) ?? 0
      seen.set(base, n + 1)
      ids.add(n === 0 ? base : `${base}-${n}`)
    }
    for (const m of text.matchAll(/<a\s[^>]*\b(?:id|name)\s*=\s*["']([^"']+)["']/gi)) ids.add(m[1])
  }
  return ids
}

/**
 * Every relative link of `documents` (package paths of Markdown files) that does not resolve to
 * a path in `shipped`, or whose fragment names no heading of the Markdown file it points at.
 * A link out of the package (`../x`) is dead too: nothing beside the package is installed.
 */
export function deadLinks(documents, shipped, read) {
  const dead = []
  const slugs = new Map()
  const slugsOf = (path) => {
    if (!slugs.has(path)) slugs.set(path, headingSlugs(read(path)))
    return slugs.get(path)
  }
  const isDir = (path) => [...shipped].some((f) => f.startsWith(path + '/'))
  let checked = 0
  for (const doc of documents) {
    const text = read(doc)
    for (const { line, target } of relativeLinks(text)) {
      checked++
      const [pathPart, fragment] = target.split('#', 2)
      const decoded = decodeURIComponent(pathPart.split('?')[0])
      const resolved = decoded === '' ? doc : posix.normalize(posix.join(posix.dirname(doc), decoded)).replace(/\/$/, '')
      const where = `${doc}:${line}: ${target}`
      if (resolved.startsWith('../') || resolved === '..') dead.push(`${where} points outside the package`)
      else if (!shipped.has(resolved) && !isDir(resolved)) dead.push(`${where}: ${resolved} is not in the package`)
      else if (fragment !== undefined && fragment !== '' && resolved.endsWith('.md') && !slugsOf(resolved).has(decodeURIComponent(fragment)))
        dead.push(`${where}: ${resolved} has no heading #${fragment}`)
    }
  }
  return { dead, checked }
}

/** The `docs/….md` paths a text names, each once, in order. */
export function cliDocPaths(text) {
  return [...new Set([...text.matchAll(/\bdocs\/[\w./-]*?\.md\b/g)].map((m) => m[0]))]
}
