import type { Page } from '@playwright/test'

// Layout checks shared by the public and signed-in layout specs (docs/testing.md, 'Visual review'
// and 'Signed-in layout'): what a screenshot review kept finding, measured in the browser.

/**
 * What of the page's content lies under the voice button, sampled down the whole page: the
 * elements a person reads or uses (cells, links, fields, text) inside <main> or the footer, above
 * anything of the site's header (content scrolled under the sticky header is the header's doing).
 */
export async function contentUnderVoiceButton(page: Page) {
  return page.evaluate(async () => {
    const button = document.querySelector<HTMLElement>('button[aria-label="Voice assistant"]')
    if (!button) return ['no voice button']
    const header = document.querySelector('body > header')
    const content = 'a, button, input, select, textarea, label, summary, td, th, li, p, h1, h2, h3, img, svg, canvas'
    const covered = new Set<string>()
    const end = document.documentElement.scrollHeight - window.innerHeight
    const step = Math.max(200, window.innerHeight / 2)
    for (let y = 0, n = 0; n < 40; y = Math.min(end, y + step), n++) {
      window.scrollTo(0, y)
      await new Promise(requestAnimationFrame)
      const box = button.getBoundingClientRect()
      for (const [fx, fy] of [
        [0.1, 0.1],
        [0.9, 0.1],
        [0.5, 0.5],
        [0.1, 0.9],
        [0.9, 0.9],
      ] as const) {
        // Top to bottom; what lies below the page's sticky header is hidden by the header, not by the button.
        for (const el of document.elementsFromPoint(box.left + box.width * fx, box.top + box.height * fy)) {
          if (el === header) break
          if (button.contains(el) || !el.matches(content) || !el.closest('main, footer')) continue
          covered.add(`${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 30)}” at scroll ${Math.round(y)}`)
        }
      }
      if (y >= end) break
    }
    window.scrollTo(0, 0)
    return [...covered]
  })
}

/** What sticks out past the window's right edge outside any scrolling box (empty when nothing does). */
export async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return []
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true
      return false
    }
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !inScroller(el))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 50)} “${(el.textContent ?? '').trim().slice(0, 30)}”`)
  })
}

/**
 * The inputs whose hint (placeholder) is wider than the box that shows it, and the date inputs too
 * narrow for a whole date beside the picker's icon ('12/28/202' on a phone), in words (empty when none is).
 */
export function textCutOff(page: Page) {
  return page.evaluate(() => {
    const found: string[] = []
    const measure = document.createElement('canvas').getContext('2d')!
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (!input.checkVisibility({ visibilityProperty: true })) continue
      const style = getComputedStyle(input)
      measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      const text = measure.measureText(input.placeholder).width
      if (text > room + 1)
        found.push(`the hint "${input.placeholder}" of '${input.name}' is cut off (${Math.round(text)} px in ${Math.round(room)} px)`)
    }
    // A whole US date as Chromium writes it, beside the picker's icon: 26 px with its padding and the
    // browser's margin (measured: at 138 px with 12 px padding the icon covered the year's last digit).
    const PICKER = 26
    for (const input of document.querySelectorAll<HTMLInputElement>('input[type="date"]')) {
      if (!input.checkVisibility({ visibilityProperty: true })) continue
      const style = getComputedStyle(input)
      measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - PICKER
      const text = measure.measureText('12/28/2027').width
      if (text > room + 1) found.push(`a date in '${input.name}' is cut off (${Math.round(text)} px in ${Math.round(room)} px)`)
    }
    return found
  })
}
