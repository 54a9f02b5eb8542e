import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// Comments say why in a sentence or two (issue #35); the design they grew into lives in docs/. A
// block (line comments in a row, or a block comment) in app/, server.ts, scripts/ or bench/ holds
// at most MAX_LINES lines of text, its bare delimiters and rulers not counted. A licence or format
// header that must be longer goes in ALLOWED.
const MAX_LINES = 4
const ALLOWED: string[] = []
const ROOTS = process.env.COMMENT_LENGTH_ROOTS?.split(',') ?? ['app', 'server.ts', 'scripts', 'bench']
const SKIP = /(^|\/)app\/db\/migrations\//
const CODE = /\.(ts|tsx|js|mjs|cjs)$/

/** The comment blocks of a source: where each starts (1-based) and how many lines it spans. */
function commentBlocks(source: string) {
  const blocks: { line: number; lines: number }[] = []
  const bare = /^(\/\*\*?|\*\/|\/\/\s*-+)$/
  const lines = source.split('\n')
  let start = -1
  let open = false
  for (let i = 0; i <= lines.length; i++) {
    const text = i < lines.length ? lines[i]!.trim() : ''
    let comment = false
    if (i === lines.length) comment = false
    else if (open) {
      comment = true
      open = !text.includes('*/')
    } else if (text.startsWith('//')) comment = true
    else if (text.startsWith('/*')) {
      comment = true
      open = !text.includes('*/')
    }
    if (comment && start < 0) start = i
    if (!comment && start >= 0) {
      blocks.push({ line: start + 1, lines: lines.slice(start, i).filter((line) => !bare.test(line.trim())).length })
      start = -1
    }
  }
  return blocks
}

function files(root: string): string[] {
  if (!fs.existsSync(root)) return []
  if (fs.statSync(root).isFile()) return [root]
  return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => path.join(root, name).split(path.sep).join('/'))
}

test('a block is the comment lines in a row, bare delimiters and rulers not counted', () => {
  const source = [
    '// ------',
    '// one',
    '// two',
    'code()',
    '/**',
    ' * three',
    ' */',
    'export {}',
    '  // a',
    'x // trailing',
    '/* b */',
  ].join('\n')
  expect(commentBlocks(source)).toEqual([
    { line: 1, lines: 2 },
    { line: 5, lines: 1 },
    { line: 9, lines: 1 },
    { line: 11, lines: 1 },
  ])
})

test(`no comment block in app/, server.ts, scripts/ or bench/ holds more than ${MAX_LINES} lines of text`, () => {
  const long: string[] = []
  for (const file of ROOTS.flatMap(files)) {
    if (!CODE.test(file) || SKIP.test(file) || !fs.statSync(file).isFile()) continue
    for (const block of commentBlocks(fs.readFileSync(file, 'utf8')))
      if (block.lines > MAX_LINES && !ALLOWED.includes(`${file}:${block.line}`)) long.push(`${file}:${block.line} (${block.lines} lines)`)
  }
  expect(long).toEqual([])
})
