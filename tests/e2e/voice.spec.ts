import { expect, test } from './fixtures'
import { headerEntry, headerLinks } from './header'
import { axeFor } from './axe'

// The e2e server runs without VAPI_PUBLIC_KEY / VAPI_ASSISTANT_ID: these tests cover the
// unconfigured widget, its absence on /globe-enhanced-search, /vapi-test's status and the
// no-JavaScript voice page. The call itself is tested with a fake client (tests/unit/voice).

test.describe('with JavaScript', { tag: ['@chromium', '@mobile'] }, () => {
  test('the widget says voice is not configured and offers the conversational planner', async ({ page }) => {
    await page.goto('/')
    const widget = page.getByRole('button', { name: 'Voice assistant', exact: true })
    await expect(widget).toHaveAttribute('aria-expanded', 'false')
    await widget.click()
    await expect(widget).toHaveAttribute('aria-expanded', 'true')
    const panel = page.getByRole('region', { name: 'Voice tour assistant' })
    await expect(panel.getByText('Voice is not configured on this site.')).toBeVisible()
    await expect(panel.getByRole('link', { name: 'Open the conversational planner' })).toHaveAttribute(
      'href',
      '/ai-tour-planner/conversational',
    )
    // The panel opens under the button: its right edge is the button's where the window is wide
    // enough (1280 px), and it stays 16 px inside the window on a phone.
    const [button, box, width] = [await widget.boundingBox(), await panel.boundingBox(), page.viewportSize()!.width]
    expect(box!.x).toBeGreaterThanOrEqual(16)
    expect(box!.x + box!.width).toBeLessThanOrEqual(width - 16)
    if (button!.x + button!.width - box!.width >= 16) expect(Math.abs(box!.x + box!.width - (button!.x + button!.width))).toBeLessThan(1)
    // The open panel and the button pass axe (WCAG 2.1 AA rules), in this project's viewport.
    const axe = await axeFor(page).include('#voice-assistant').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    // Escape closes the panel and gives focus back to the button.
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(widget).toBeFocused()
  })

  test('the widget is absent on /globe-enhanced-search, also after client-side navigation', async ({ page }) => {
    // A page that hydrates (/about ships no JavaScript, so no widget there either).
    await page.goto('/search')
    await expect(page.getByRole('button', { name: 'Voice assistant', exact: true })).toBeVisible()
    await headerEntry(await headerLinks(page), 'link', 'Search Venues').click()
    await expect(page).toHaveURL('/globe-enhanced-search')
    await expect(page.getByRole('heading', { level: 1, name: 'Search venues' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Voice assistant', exact: true })).toHaveCount(0)
  })

  test('/ai-tour-planner/voice explains that voice is not configured', async ({ page }) => {
    await page.goto('/ai-tour-planner/voice')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: 'Plan your tour by voice' })).toBeVisible()
    await expect(main.getByText('Voice is not configured on this site.')).toBeVisible()
    await expect(main.getByTestId('voice-no-js')).toHaveCount(0)
    const axe = await axeFor(page).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
})

test('/vapi-test shows the configuration status without printing secrets', async ({ page }, testInfo) => {
  await page.goto('/vapi-test')
  await expect(page.getByRole('heading', { level: 1, name: 'Voice assistant test' })).toBeVisible()
  const config = page.getByRole('region', { name: 'Configuration' })
  await expect(config.getByText('VAPI_PUBLIC_KEY')).toBeVisible()
  await expect(config.getByText('Missing')).toHaveCount(2)
  await expect(page.getByTestId('voice-status')).toHaveText(
    'Voice is not configured: the widget offers the conversational planner instead.',
  )
  const mic = page.getByRole('region', { name: 'Microphone' })
  if (testInfo.project.name === 'no-js') {
    await expect(mic.getByText('The microphone check needs JavaScript.')).toBeVisible()
  } else {
    await expect(mic.getByRole('button', { name: 'Check microphone' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Test call' }).getByText('Voice is not configured on this site.')).toBeVisible()
  }
})

test('without JavaScript, /ai-tour-planner/voice renders and links to the conversational planner', { tag: '@no-js' }, async ({ page }) => {
  const response = await page.goto('/ai-tour-planner/voice')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Plan your tour by voice' })).toBeVisible()
  await expect(page.getByText('Voice needs JavaScript and a microphone', { exact: false })).toBeVisible()
  await expect(page.getByTestId('voice-no-js').getByRole('link', { name: 'Plan by chat with the conversational planner' })).toHaveAttribute(
    'href',
    '/ai-tour-planner/conversational',
  )
  await expect(page.getByRole('button', { name: 'Voice assistant', exact: true })).toHaveCount(0)
})
