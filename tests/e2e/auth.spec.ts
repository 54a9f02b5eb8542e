import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, test } from './fixtures'
import { expectSignedOut, headerEntry, headerLinks, isNarrow } from './header'

// Sign-up and sign-in through the real forms, in all three projects: with JavaScript the forms
// validate in the browser and submit with fetch; without it they post and the server renders the
// answer.

const uniqueEmail = (label: string) => `e2e-${label}-${randomBytes(5).toString('hex')}@example.test`

/** A complete account with a password, made through the JSON API (not the form under test). */
async function registerThroughApi(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/v1/auth/register', {
    data: { email, password, name: 'Rosalind Franklin', role: 'organizer', phone: '+44 20 7946 0100' },
  })
  expect(response.status(), await response.text()).toBe(201)
}

async function expectSignedIn(page: Page) {
  const tools = isNarrow(page) ? await headerLinks(page) : page.getByRole('banner')
  await expect(headerEntry(tools, 'button', 'Logout')).toBeVisible()
  await expect(headerEntry(tools, 'link', 'Profile', { exact: true })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up', exact: true })).toHaveCount(0)
}

/** The error text a field points at through aria-describedby. */
async function fieldError(page: Page, label: string) {
  const control = page.getByLabel(label, { exact: true })
  await expect(control).toHaveAttribute('aria-invalid', 'true')
  const describedBy = (await control.getAttribute('aria-describedby')) ?? ''
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'))
  expect(errorId, `${label} points at its error`).toBeTruthy()
  return page.locator(`[id="${errorId}"]`)
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

test('register through the form: /dashboard, the toast, and a signed-in header', async ({ page }) => {
  await page.goto('/register')
  await expect(page.getByLabel('Account type')).toHaveValue('organizer')
  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('register'))
  await page.getByLabel('Password', { exact: true }).fill('analytical-engine')
  await page.getByLabel('Phone').fill('+44 20 7946 0958')
  await page.getByLabel('Opt-in to receive SMS communications (recommended)').check()
  await page.getByRole('button', { name: 'Create Account' }).click()

  await expect(page).toHaveURL('/dashboard')
  // The server renders the flash toast, so it shows with or without JavaScript.
  await expect(page.getByText('Registration successful!')).toBeVisible()
  await expectSignedIn(page)
})

test('an empty register form shows every message next to its field', async ({ page, consoleErrors }, testInfo) => {
  consoleErrors.allow(/status of 400/) // without JavaScript the form's answer is a 400 document
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url())
  })
  await page.goto('/register')
  // With JavaScript the POST below must be Remix's fetch: a click before hydration is a document
  // POST (which answers too: that is the page working without JavaScript).
  if (testInfo.project.name !== 'no-js') await page.waitForFunction(() => '__remixRouter' in window)
  await page.getByRole('button', { name: 'Create Account' }).click()

  const expected: Array<[string, string]> = [
    ['First name', 'First name is required'],
    ['Last name', 'Last name is required'],
    ['Email', 'Email is required'],
    ['Password', 'Password is required'],
    ['Phone', 'Phone number is required'],
    ['Opt-in to receive SMS communications (recommended)', 'Please opt in to receive SMS communications'],
  ]
  for (const [label, message] of expected) await expect(await fieldError(page, label)).toHaveText(message)
  await expect(page).toHaveURL('/register')
  // The form is validated on the server only (no zod in the page's JavaScript; app/web/server-form.ts):
  // one POST either way, through Remix's fetch with JavaScript (no reload), a document POST without.
  expect(posts).toHaveLength(1)
  if (testInfo.project.name !== 'no-js') expect(new URL(posts[0]!).pathname).toBe('/register.data')
})

test('a taken email is a message on the email field', async ({ page, request, consoleErrors }) => {
  consoleErrors.allow(/status of 409/)
  const email = uniqueEmail('taken')
  await registerThroughApi(request, email, 'first-password')
  await page.goto('/register')
  await page.getByLabel('First name').fill('Second')
  await page.getByLabel('Last name').fill('Person')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('another-password')
  await page.getByLabel('Phone').fill('+1 512 555 0100')
  await page.getByLabel('Opt-in to receive SMS communications (recommended)').check()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(await fieldError(page, 'Email')).toHaveText('An account with this email already exists. Try logging in instead.')
  await expectSignedOut(page)
})

test('the demo organizer logs in: "Login successful!" and the organizer home, /dashboard', async ({ page }) => {
  await page.goto('/login')
  await fillLogin(page, DEMO_ACCOUNTS.organizer, DEMO_PASSWORD)
  await expect(page).toHaveURL('/dashboard')
  await expect(page.getByText('Login successful!')).toBeVisible()
  await expectSignedIn(page)
})

test('a wrong password shows the inline banner and a toast, and keeps the email', async ({ page, request, consoleErrors }, testInfo) => {
  // Each run adds one failure for 127.0.0.1 per project; the lock needs five in 15 minutes.
  consoleErrors.allow(/status of 401/)
  const email = uniqueEmail('wrong')
  await registerThroughApi(request, email, 'the-right-one')
  await page.goto('/login')
  await fillLogin(page, email, 'not-the-right-one')
  const form = page.locator('form#login')
  await expect(form.getByRole('alert')).toHaveText('Incorrect password. Please try again.')
  // Section 8: the banner and an error toast.
  await expect(page.getByText('Incorrect password. Please try again.')).toHaveCount(2)
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
  // The server never echoes a password back (with JavaScript the input simply keeps what was typed).
  if (testInfo.project.name === 'no-js') await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
  await expect(page).toHaveURL('/login')
  await expectSignedOut(page)
})

test('an empty login form shows both messages next to the fields', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 400/) // without JavaScript the form's answer is a 400 document
  await page.goto('/login')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(await fieldError(page, 'Email')).toHaveText('Email is required')
  await expect(await fieldError(page, 'Password')).toHaveText('Password is required')
})

test('redirectTo is remembered: /profile signed out → login → /profile', async ({ page, request }) => {
  const email = uniqueEmail('redirect')
  await registerThroughApi(request, email, 'remember-me')
  await page.goto('/profile')
  await expect(page).toHaveURL('/login?redirectTo=%2Fprofile')
  await fillLogin(page, email, 'remember-me')
  await expect(page).toHaveURL('/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'Rosalind Franklin' })).toBeVisible()
  await expect(page.getByText('Login successful!')).toBeVisible()
})

test('a signed-in admin visiting /login is sent to /admin', async ({ page, login }) => {
  await login({ role: 'admin' })
  await page.goto('/login')
  await expect(page).toHaveURL('/admin')
  await page.goto('/register')
  await expect(page).toHaveURL('/admin')
})
