import fs from 'node:fs'
import { expect, test } from 'vitest'

// A `dark:` class @applied in a rule whose selector ends in a pseudo-element makes
// `.x::before:where(.dark, .dark *)`, which no browser accepts: the build drops it and the dark
// theme silently keeps the light colours (the availability legend did). `dark:before:` on the
// element is the form that works.

/** The selectors of app.css's rules that @apply a `dark:` class on a pseudo-element. */
function darkOnPseudoElements(css: string): string[] {
  const found: string[] = []
  for (const [, selector, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (
      /::?(before|after|placeholder|marker|backdrop|selection|file-selector-button)\b/.test(selector!) &&
      /@apply[^;]*\bdark:/.test(body!)
    )
      found.push(selector!.trim().split('\n').at(-1)!.trim())
  }
  return found
}

test('no dark: class is applied inside a pseudo-element rule', () => {
  expect(darkOnPseudoElements(fs.readFileSync('app/styles/app.css', 'utf8'))).toEqual([])
})

test('the check finds one', () => {
  expect(darkOnPseudoElements('.a li::before {\n  @apply bg-white dark:bg-black;\n}')).toEqual(['.a li::before'])
})
