import { expect, test } from 'vitest'
import { action } from '~/routes/resources+/theme'
import { getTheme } from '~/platform/theme.server'
import { formRequest } from '../support/users'
import { routeArgs } from '../support/api'

/** The theme a later request carrying this Set-Cookie would render. */
const cookieTheme = (setCookie: string | null) =>
  getTheme(new Request('http://localhost/', { headers: { Cookie: (setCookie ?? '').split(';')[0]! } }))

const post = async (fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const request = formRequest('http://localhost/resources/theme', fields)
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value)
  const result = await action(routeArgs(request))
  // Remix sends a resource route's return value as it is: it must be a Response.
  expect(result).toBeInstanceOf(Response)
  return result as Response
}

test('a bad theme is a 400 with the message, not a 500, and sets no cookie', async () => {
  const result = await post({ theme: 'purple' })
  expect(result.status).toBe(400)
  expect(await result.json()).toEqual({ error: 'Theme must be light or dark.' })
  expect(result.headers.get('Set-Cookie')).toBeNull()
})

test('without JavaScript the form returns to a same-site page only', async () => {
  const back = await post({ theme: 'dark', redirectTo: '/pricing' })
  expect(back.headers.get('Location')).toBe('/pricing')
  expect(await cookieTheme(back.headers.get('Set-Cookie'))).toBe('dark')
  const evil = await post({ theme: 'dark', redirectTo: '//evil.example' })
  expect(evil.headers.get('Location')).toBe('/')
})

test('a fetcher or script without redirectTo: 200 with the cookie and the theme, no redirect', async () => {
  const result = await post({ theme: 'dark' })
  expect(result.status).toBe(200)
  expect(result.headers.get('Location')).toBeNull()
  expect(await cookieTheme(result.headers.get('Set-Cookie'))).toBe('dark')
  expect(await result.json()).toEqual({ theme: 'dark' })
})

test('a browser navigation without redirectTo: the cookie, then back to the same-site referring page, else home', async () => {
  const navigate = { 'Sec-Fetch-Mode': 'navigate' }
  const back = await post({ theme: 'dark' }, { ...navigate, Referer: 'http://localhost/blog?page=2' })
  expect(back.status).toBe(302)
  expect(back.headers.get('Location')).toBe('/blog?page=2')
  expect(await cookieTheme(back.headers.get('Set-Cookie'))).toBe('dark')
  for (const referer of ['https://evil.example/blog', 'not a url', '']) {
    const home = await post({ theme: 'dark' }, { ...navigate, ...(referer ? { Referer: referer } : {}) })
    expect(home.headers.get('Location'), referer).toBe('/')
    expect(await cookieTheme(home.headers.get('Set-Cookie'))).toBe('dark')
  }
})
