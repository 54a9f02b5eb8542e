import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// Every repository path README.md and docs/*.md name exists (issue #35): a file moved or removed
// must take its mentions in the docs with it. Globs and placeholders (`*`, `<subject>`) are not paths.
const DOCS = [
  'README.md',
  ...fs
    .readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]
const PATH = /(?<![\w./~-])(?:\.\.\/)?((?:app|tests|scripts|bench|docs|vite|public|\.ci)\/[\w.+$@()/-]*[\w/)])/g

export function namedPaths(file: string, text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(PATH)) {
    const named = match[1]!.replace(/[.)]+$/, '')
    const next = text[match.index + match[0].length] ?? ''
    if (/[*<>{}]/.test(named + next) || /\.\.\./.test(named)) continue
    found.add(path.normalize(named))
  }
  return [...found].map((named) => `${file}: ${named}`)
}

test('README.md and docs/*.md name only paths that exist', () => {
  const missing = DOCS.flatMap((file) => namedPaths(file, fs.readFileSync(file, 'utf8'))).filter(
    (entry) => !fs.existsSync(entry.slice(entry.indexOf(': ') + 2)),
  )
  expect(missing).toEqual([])
})

test('the reader finds a path in prose, code and links, and skips globs', () => {
  const text = 'See `app/core/dates.ts`, [x](../app/web/seo.ts) and app/features/*/x.ts or app/features/<subject>/.'
  expect(namedPaths('README.md', text)).toEqual(['README.md: app/core/dates.ts', 'README.md: app/web/seo.ts'])
})
