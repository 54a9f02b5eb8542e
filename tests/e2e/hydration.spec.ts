// A slow phone: keys and clicks arrive while the page still hydrates (docs/architecture.md,
// 'Hydration'). The page throws nothing, keeps every typed key, and hydrates.
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, hydrated, test } from './fixtures'

test('typing and clicking while the page hydrates on a slow CPU', { tag: '@chromium' }, async ({ page }) => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  // A key at every turn of the page's event loop until it is hydrated, so that one lands in each gap
  // of the data's decoding; the voice widget's button comes with hydration.
  await page.addInitScript(() => {
    const press = () => {
      document.body?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift', bubbles: true }))
      if (!document.querySelector('[aria-label="Voice assistant"]')) setTimeout(press)
    }
    setTimeout(press)
  })
  await page.goto('/login', { waitUntil: 'commit' })
  // A person's click and keys from the first moment the field is there.
  const email = page.getByLabel('Email')
  await email.click()
  await page.keyboard.type(DEMO_ACCOUNTS.organizer)
  await hydrated(page)
  await expect(email).toHaveValue(DEMO_ACCOUNTS.organizer)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  await page.keyboard.press('Tab')
  await page.keyboard.type(DEMO_PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard/)
})
