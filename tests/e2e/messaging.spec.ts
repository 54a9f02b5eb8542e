import { DEMO_ACCOUNTS, expect, test } from './fixtures'

// Two users talk: an organizer messages the seeded owner from a venue page, the owner answers.
// With JavaScript the other side's open thread updates over the socket; without it, the plain
// forms post and a reload shows the new message.
test(
  'an organizer messages a venue owner and gets an answer',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, context, browser, login, request }, testInfo) => {
    const js = testInfo.project.use.javaScriptEnabled !== false
    const owner = await login({ email: DEMO_ACCOUNTS.owner, role: 'venue_owner' })
    const mine = await request.get('/api/v1/venues/my-venues', { headers: { Authorization: `Bearer ${owner.token}` } })
    const venues = ((await mine.json()) as { data: Array<{ id: string }> }).data
    const ownerCookies = await context.cookies()
    await context.clearCookies()
    await login({ role: 'organizer', firstName: 'Olive', lastName: 'Organizer' })

    // The organizer starts the conversation from the venue page: 'Message the owner' opens a page to
    // write on, and the conversation exists (and counts) from the first message sent.
    const question = `Is the 14th open? ${testInfo.project.name}`
    await page.goto(`/venues/${venues[0]!.id}`)
    await page.getByRole('link', { name: 'Message the owner' }).click()
    await expect(page).toHaveURL(/\/messages\/new\?venueId=/)
    await page.getByLabel('Your message').fill(question)
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page).toHaveURL(/\/messages\/[0-9a-f]{24}$/)
    await expect(page.getByTestId('message').filter({ hasText: question })).toHaveCount(1)
    const threadUrl = new URL(page.url()).pathname

    // The owner has the thread open in another browser.
    const ownerContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      javaScriptEnabled: js,
      viewport: testInfo.project.use.viewport,
    })
    try {
      await ownerContext.addCookies(ownerCookies)
      const ownerPage = await ownerContext.newPage()
      await ownerPage.goto(threadUrl)
      await expect(ownerPage.getByRole('heading', { name: 'Olive Organizer' })).toBeVisible()
      if (js) await expect(ownerPage.locator('html[data-realtime="open"]')).toBeAttached()

      await expect(ownerPage.getByTestId('message').filter({ hasText: question })).toHaveCount(1)

      const answer = `Yes, it is free. ${testInfo.project.name}`
      await ownerPage.getByLabel('Message', { exact: true }).fill(answer)
      await ownerPage.getByRole('button', { name: 'Send' }).click()
      await expect(ownerPage.getByTestId('message').filter({ hasText: answer })).toHaveCount(1)

      if (!js) await page.reload()
      await expect(page.getByTestId('message').filter({ hasText: answer })).toHaveCount(1)

      // The conversation list shows the last message.
      await page.goto('/messages')
      await expect(page.getByRole('navigation', { name: 'Conversations' })).toContainText(answer)
      await expect(page.getByText('No active conversation')).toBeVisible()
    } finally {
      await ownerContext.close()
    }
  },
)

// The header's Messages badge counts conversations with unread messages: from the server at each
// load, and with JavaScript also live when a message arrives over the socket.
test(
  'the Messages link shows how many conversations have unread messages',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, context, login, request }, testInfo) => {
    const js = testInfo.project.use.javaScriptEnabled !== false
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
    const owner = await login({ email: DEMO_ACCOUNTS.owner, role: 'venue_owner' })
    const venues = (
      (await (await request.get('/api/v1/venues/my-venues', { headers: bearer(owner.token) })).json()) as { data: Array<{ id: string }> }
    ).data
    await context.clearCookies()
    const organizer = await login({ role: 'organizer' })
    const started = await request.post('/api/v1/conversations', { headers: bearer(organizer.token), data: { venueId: venues[1]!.id } })
    expect(started.status()).toBe(201)
    const id = ((await started.json()) as { data: { conversation: { id: string } } }).data.conversation.id

    // Desktop and mobile menus both carry the link; the first is enough to read the count.
    const link = page.locator('a[href="/messages"][data-unread-conversations]').first()
    await page.goto('/profile')
    await expect(link).toHaveAttribute('data-unread-conversations', '0')
    await expect(link).not.toHaveAttribute('aria-label')
    if (js) await expect(page.locator('html[data-realtime="open"]')).toBeAttached()

    const sent = await request.post(`/api/v1/conversations/${id}/messages`, {
      headers: bearer(owner.token),
      data: { content: `Badge check ${testInfo.project.name}` },
    })
    expect(sent.status()).toBe(201)
    if (!js) await page.reload()
    await expect(link).toHaveAttribute('aria-label', 'Messages, 1 conversation unread')
    await expect(link).toHaveAttribute('data-unread-conversations', '1')

    // Reading the thread clears it, and it stays cleared on the next page.
    await page.goto(`/messages/${id}`)
    await expect(page.getByTestId('message').filter({ hasText: 'Badge check' })).toHaveCount(1)
    await expect(link).toHaveAttribute('data-unread-conversations', '0')
    await page.goto('/profile')
    await expect(link).toHaveAttribute('data-unread-conversations', '0')
  },
)
