import { describe, expect, test } from 'vitest'
import { isForeignOrigin } from '~/web/hosts.server'
import { assertSameOrigin, cacheControlFor, contentSecurityPolicy } from '~/web/http.server'
import { carriesCredentials } from '~/server/remix-handler.server'

describe('CSRF origin check', () => {
  test('same origin and a missing Origin pass', () => {
    expect(isForeignOrigin('http://localhost:3000', 'http://localhost:3000')).toBe(false)
    expect(isForeignOrigin(null, 'http://localhost:3000')).toBe(false)
  })
  test('another site, scheme or port is foreign', () => {
    expect(isForeignOrigin('https://evil.example', 'http://localhost:3000')).toBe(true)
    expect(isForeignOrigin('https://localhost:3000', 'http://localhost:3000')).toBe(true)
    expect(isForeignOrigin('http://localhost:3001', 'http://localhost:3000')).toBe(true)
    expect(isForeignOrigin('null', 'http://localhost:3000')).toBe(true)
  })
  test('assertSameOrigin throws a 403 response for a foreign origin', () => {
    const request = new Request('http://localhost/contact', { method: 'POST', headers: { Origin: 'https://evil.example' } })
    let thrown: unknown
    try {
      assertSameOrigin(request)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(403)
  })
})

test('the CSP allows scripts only from self and the nonce', () => {
  const csp = contentSecurityPolicy('abc123')
  expect(csp).toContain("script-src 'self' 'nonce-abc123'")
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
  expect(csp).toContain("frame-ancestors 'none'")
})

describe('Cache-Control of answers that may differ by who asks', () => {
  const decide = (path: string, credentials: boolean, headers: Record<string, string> = {}) =>
    cacheControlFor({ path, credentials, headers: new Headers(headers) })

  test('signed in: every page and data answer is private, no-store, unless the route declared itself public', () => {
    expect(decide('/profile', true)).toBe('private, no-store')
    expect(decide('/profile.data', true)).toBe('private, no-store')
    expect(decide('/', true)).toBe('private, no-store')
    expect(decide('/venues/tx/austin/x', true, { 'Cache-Control': 'max-age=60' })).toBe('private, no-store')
    expect(decide('/uploads/avatars/a.webp', true, { 'Cache-Control': 'public, max-age=31536000, immutable' })).toBeNull()
  })

  test('the API is always private, no-store; so is any answer that sets a cookie', () => {
    expect(decide('/api/v1/venues/search', false)).toBe('private, no-store')
    expect(decide('/api/v1/venues/x', false, { 'Cache-Control': 'public, max-age=60' })).toBe('private, no-store')
    expect(decide('/login', false, { 'Set-Cookie': 'sp_session=x' })).toBe('private, no-store')
  })

  test('anonymous public pages keep their own caching', () => {
    expect(decide('/', false)).toBeNull()
    expect(decide('/robots.txt', false, { 'Cache-Control': 'public, max-age=86400' })).toBeNull()
  })

  test('a session cookie or a bearer token counts as signed in; other cookies do not', () => {
    expect(carriesCredentials(new Headers({ Cookie: 'sp_theme=dark; sp_session=abc' }))).toBe(true)
    expect(carriesCredentials(new Headers({ Authorization: 'Bearer abc' }))).toBe(true)
    expect(carriesCredentials(new Headers({ Cookie: 'sp_theme=dark; not_sp_session=abc' }))).toBe(false)
    expect(carriesCredentials(new Headers())).toBe(false)
  })
})
