import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// Comments say why; the figures a run produced live in docs/benchmarks.md with the command that
// gives them, and the product's rules are cited by their docs/product.md section (issue #35,
// docs/testing.md). A comment line fails when it cites "Spec section N", or when it holds a number
// with a unit (ms, s, KB, MB, %, req/s, a ratio like 1.8×) together with a sign that the number
// was measured rather than decided: an approximation (~, ≈, about, roughly), a verb of a run
// (takes, took, costs, timed, made it, was, were, gave, measured, in a profile, under load), a bare figure in
// brackets, or a share of something ("6 % of a page's time", "28 % more").
// Allowed on purpose: a constant that is a rule, written as such ("at most 2 KB", "a 10 s
// timeout", "up to 5 attempts, 1 s apart", "the 100 KB page budget"), since the spec or a
// decision states it and the code enforces it.

const ROOTS = ['app', 'scripts', 'bench', 'server.ts']
const SKIP = /^app\/db\/migrations\//
const CODE = /\.(ts|tsx|js|mjs|cjs)$/

// 's' and 'bytes' need a space before them, so '404s' is a plural and not four hundred seconds.
const UNIT = String.raw`(?:\s?(?:ms|µs|[kKMG]B|%|req/s)|\s(?:s|seconds?|minutes?|bytes))(?![\w/])`
const FIGURE = String.raw`\d[\d,]*(?:\.\d+)?${UNIT}|\d+\.\d+×`
const MEASURED = new RegExp(
  [
    String.raw`[~≈]\s?\d`,
    String.raw`\b(?:about|roughly|around|nearly)\s\d`,
    String.raw`\b(?:takes?|took|costs?|costing|measured|timed|made it|was|were|gave|profile|under load|faster|slower)\b`,
    String.raw`\(\s*\d[\d,.]*\s?(?:ms|s|[kKM]B)\s*\)`,
    String.raw`\d\s?%\s(?:more|less|fewer|of\s(?:a|the|its)\b)`,
    String.raw`\bwithin\s\d[\d.]*\s?%`,
  ].join('|'),
  'i',
)
const SPEC_SECTION = /\bspec(?:ification)?\s+(?:section|§)\s*\d/i

/** The comment on a line of code, or null: a line comment, a block comment line, or a trailing `//`. */
function commentOf(line: string): string | null {
  const trimmed = line.trim()
  if (/^(\/\/|\/\*|\*)/.test(trimmed)) return trimmed
  const trailing = line.match(/\s\/\/\s(.*)$/)
  return trailing ? trailing[1]! : null
}

/** Why a comment line breaks the rule, or null when it is fine. */
function offence(comment: string): string | null {
  if (SPEC_SECTION.test(comment)) return 'cites a spec section (link the docs/product.md section)'
  if (new RegExp(FIGURE).test(comment) && MEASURED.test(comment)) return 'holds a measurement (move it to docs/benchmarks.md)'
  return null
}

function files(root: string): string[] {
  if (!fs.existsSync(root)) return []
  if (fs.statSync(root).isFile()) return [root]
  return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => path.join(root, name).split(path.sep).join('/'))
}

test.each([
  ['// Spec section 4: light until the visitor chooses otherwise.', true],
  ['// Hashing is deliberately slow (~0.35 s each): run the three at once.', true],
  ['// gzip level 1 costs 0.33 ms against level 4 for 7 % more bytes', true],
  ['// the same build gave 1.29× to 1.88×', true],
  ['// Timed at 11.2 minutes on the idle machine.', true],
  ["// a dozen classes on each made it 25 KB of the page's HTML.", true],
  ['// the candidates take 59 ms of which 50 were this', true],
  ["// a call per nonce was 1.5 % of a page's time", true],
  ['  const x = 1 // a search of 10,001 rows (15 ms)', true],
  ['/** The whole beacon body, at most 4 KB (docs/product.md §9). */', false],
  ['// 10 s timeout; 200–299 and 304 are success.', false],
  ['// up to 5 attempts, 1 s × attempt apart', false],
  ['// the 100 KB page budget', false],
  ['// unmatched paths (404s) and failures of the whole render.', false],
  ['// Goal: p95 < 20 ms at 100,000 venues.', false],
  ['const ms = 1000 * 60', false],
])('%s → flagged %s', (line, flagged) => {
  const comment = commentOf(line)
  expect(comment !== null && offence(comment) !== null).toBe(flagged)
})

test('no comment in app/, server.ts, scripts/ or bench/ holds a measurement or cites a spec section', () => {
  const found: string[] = []
  for (const file of ROOTS.flatMap(files)) {
    if (!CODE.test(file) || SKIP.test(file)) continue
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const comment = commentOf(line)
        const why = comment && offence(comment)
        if (why) found.push(`${file}:${i + 1} ${why}: ${line.trim()}`)
      })
  }
  expect(found).toEqual([])
})
