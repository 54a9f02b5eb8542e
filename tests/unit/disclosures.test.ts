import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// The base styles hide the browser's disclosure triangle on every <summary> (app/styles/app.css), so
// a summary without a marker of its own reads as plain text: nobody knows it opens. Every summary
// takes the `disclosure` chevron, or draws its own indicator (those listed here; the action menu's
// summary is drawn as a button whose caller gives it a label and '⋯').
const OWN_INDICATOR = new Set(['app/components/site-header.tsx', 'app/routes/_marketing+/pricing.tsx', 'app/components/ui/action-menu.tsx'])

test('every <summary> shows that it opens', () => {
  const files = fs.readdirSync('app', { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.tsx'))
  const bare: string[] = []
  for (const name of files) {
    const file = path.join('app', name)
    if (OWN_INDICATOR.has(file)) continue
    const source = fs.readFileSync(file, 'utf8')
    for (const match of source.matchAll(/<summary\b[^>]*>/g)) if (!/\bdisclosure\b/.test(match[0])) bare.push(`${file}: ${match[0]}`)
  }
  expect(bare).toEqual([])
})
