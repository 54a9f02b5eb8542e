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

// The same for the npm scripts the docs tell a reader to run, and the variables
// docs/configuration.md's tables list: each must be in package.json, or read by some code.
const SCRIPTS: Record<string, string> = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts

test('README.md and docs/*.md name only npm scripts that exist', () => {
  const missing = DOCS.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/npm run ([\w:.-]*[\w])/g)]
      .map((m) => m[1]!)
      .filter((name) => !(name in SCRIPTS))
      .map((name) => `${file}: ${name}`),
  )
  expect(missing).toEqual([])
})

function sources(root: string): string[] {
  if (!fs.existsSync(root)) return []
  if (fs.statSync(root).isFile()) return [root]
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(root, name))
    .filter((file) => /\.(ts|tsx|mjs|cjs|js|sh|conf)$|(^|\/)run$/.test(file) && fs.statSync(file).isFile())
}

test('docs/configuration.md lists only variables some code reads', () => {
  const listed = [...fs.readFileSync('docs/configuration.md', 'utf8').matchAll(/^\|([^|]*)\|/gm)].flatMap((row) =>
    [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!),
  )
  expect(listed.length).toBeGreaterThan(10)
  const code = ['app', 'server.ts', 'scripts', 'bench', '.ci', 'tests/support', 'playwright.config.ts', 'vite.config.ts']
    .flatMap(sources)
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n')
  expect(listed.filter((name) => !code.includes(name))).toEqual([])
})
