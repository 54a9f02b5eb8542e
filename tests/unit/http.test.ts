import { describe, expect, test } from 'vitest'
import { isForeignOrigin } from '~/lib/hosts.server'
import { assertSameOrigin, contentSecurityPolicy } from '~/lib/http.server'

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
