import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// The base styles hide the browser's disclosure triangle on every <summary> (app/styles/app.css), so
// a summary without a marker of its own reads as plain text: nobody knows it opens. Every summary
// takes the `disclosure` chevron, or is a menu button (`menu-trigger`: the ActionMenu's trigger in
// both its forms, the header's menu): drawn as a button with its own icon (⋯, ☰) and named by
// aria-label, like any toolbar's menu button, which a chevron would only clutter. The pricing FAQ
// draws its own plus sign.
const OWN_INDICATOR = new Set(['app/routes/_marketing+/pricing.tsx'])

/** Whether a <summary> tag says that it opens. */
function showsThatItOpens(tag: string) {
  if (/\bdisclosure\b/.test(tag)) return true
  return /\bmenu-trigger\b/.test(tag) && /\baria-label=/.test(tag)
}

test('every <summary> shows that it opens', () => {
  const files = fs.readdirSync('app', { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.tsx'))
  const bare: string[] = []
  for (const name of files) {
    const file = path.join('app', name)
    if (OWN_INDICATOR.has(file)) continue
    const source = fs.readFileSync(file, 'utf8')
    for (const match of source.matchAll(/<summary\b[^>]*>/g)) if (!showsThatItOpens(match[0])) bare.push(`${file}: ${match[0]}`)
  }
  expect(bare).toEqual([])
})

test('a menu button needs its class and its name; a bare summary is refused', () => {
  expect(showsThatItOpens('<summary className="disclosure flex">')).toBe(true)
  expect(showsThatItOpens("<summary aria-label={label} className={cx('menu-trigger', triggerClassName)}>")).toBe(true)
  expect(showsThatItOpens("<summary className={cx('menu-trigger', triggerClassName)}>")).toBe(false)
  expect(showsThatItOpens('<summary aria-label="Menu" className="inline-flex">')).toBe(false)
  expect(showsThatItOpens('<summary>')).toBe(false)
})
