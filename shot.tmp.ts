import { chromium } from '@playwright/test'
const [url, out, as, sel, w, dark] = process.argv.slice(2)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] })
const context = await browser.newContext({ viewport: { width: Number(w ?? 1280), height: 900 }, colorScheme: dark ? 'dark' : 'light' })
const origin = new URL(url).origin
if (as !== '-') await context.request.post(origin + '/login', { form: { email: `${as}@example.com`, password: 'demo-pass-2026' }, headers: { Origin: origin }, maxRedirects: 0 })
if (dark) await context.request.post(origin + '/resources/theme', { form: { theme: 'dark', redirectTo: '/' }, headers: { Origin: origin }, maxRedirects: 0 })
const page = await context.newPage()
await page.goto(url)
await page.locator(sel).first().screenshot({ path: out })
await browser.close()
