// Looks at a page as a person would: `npx tsx scripts/screenshot.ts URL OUT.png [--width 375]
// [--dark] [--no-js] [--viewport-only] [--as organizer|owner|admin] [--open menu|notifications|map]
// [--tab N] [--at SELECTOR]` (--as signs in as that demo account first; --open opens that part before the picture;
// --tab presses Tab N times, to see the focus ring; --at SELECTOR scrolls to that part). Uses Debian's Chromium, never a downloaded browser.
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '900' },
    dark: { type: 'boolean', default: false },
    'no-js': { type: 'boolean', default: false },
    'viewport-only': { type: 'boolean', default: false },
    as: { type: 'string' },
    open: { type: 'string' },
    tab: { type: 'string', default: '0' },
    at: { type: 'string' },
  },
})
const [url, out] = positionals
if (!url || !out) {
  console.error('usage: screenshot URL OUT.png [--width N] [--dark] [--no-js] [--viewport-only]')
  process.exit(1)
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
const context = await browser.newContext({
  viewport: { width: Number(values.width), height: Number(values.height) },
  javaScriptEnabled: !values['no-js'],
})
const page = await context.newPage()
page.on('console', (message) => message.type() === 'error' && console.log('console.error:', message.text()))
page.on('pageerror', (error) => console.log('pageerror:', error.message))
if (values.as) {
  const login = await context.request.post(new URL('/login', url).href, {
    form: { email: `${values.as}@example.com`, password: 'demo-pass-2026' },
    headers: { Origin: new URL(url).origin },
    maxRedirects: 0,
  })
  if (login.status() !== 302) throw new Error(`signing in as ${values.as} answered ${login.status()}`)
}
if (values.dark) {
  // The theme follows its cookie: the theme form's own post sets it before the page is asked for.
  await context.request.post(new URL('/resources/theme', url).href, {
    form: { theme: 'dark', redirectTo: '/' },
    headers: { Origin: new URL(url).origin },
    maxRedirects: 0,
  })
}
const response = await page.goto(url)
await page.waitForLoadState('networkidle')
if (values.open === 'menu') {
  // The header's menu, below 768 px only (a <details> without JavaScript).
  const menu = page.locator('header [aria-label="Menu"]').first()
  if (await menu.isVisible()) await menu.click()
} else if (values.open === 'notifications') {
  await page.locator('header a[aria-label^="Notifications"]').first().click()
} else if (values.open === 'map') {
  await page.getByRole('button', { name: 'Map', exact: true }).click()
} else if (values.open) {
  throw new Error(`--open ${values.open}: menu, notifications or map`)
}
if (values.at) await page.locator(values.at).first().scrollIntoViewIfNeeded()
for (let i = 0; i < Number(values.tab); i++) await page.keyboard.press('Tab')
if (values.open || Number(values.tab) > 0) {
  // What opening fetched (the map's code and style), then its transition.
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1000)
}
await page.screenshot({ path: out, fullPage: !values['viewport-only'] })
console.log(`${response?.status()} ${url} → ${out}`)
await browser.close()
