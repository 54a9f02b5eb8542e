import { expect, test } from 'vitest'
import { isForeignOrigin } from '~/web/hosts.server'
import { contentSecurityPolicy, isUnreadablePageBody, readFormData } from '~/web/http.server'

test('a page mutation must carry a form; the API, resource routes and reads are not checked', () => {
  expect(isUnreadablePageBody('POST', '/login', 'application/json')).toBe(true)
  expect(isUnreadablePageBody('POST', '/login', undefined)).toBe(true)
  expect(isUnreadablePageBody('DELETE', '/bookings/x', 'text/plain')).toBe(true)
  expect(isUnreadablePageBody('POST', '/login', 'application/x-www-form-urlencoded;charset=UTF-8')).toBe(false)
  expect(isUnreadablePageBody('post', '/profile', 'multipart/form-data; boundary=----x')).toBe(false)
  expect(isUnreadablePageBody('POST', '/api/v1/bookings', 'application/json')).toBe(false)
  expect(isUnreadablePageBody('POST', '/resources/test-fixtures', 'application/json')).toBe(false)
  expect(isUnreadablePageBody('GET', '/login', 'application/json')).toBe(false)
})

test('readFormData turns an unreadable body into a 415, not a thrown TypeError', async () => {
  const thrown = await readFormData(
    new Request('http://localhost/x', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }),
  ).catch((e: unknown) => e)
  expect(thrown).toBeInstanceOf(Response)
  expect((thrown as Response).status).toBe(415)
  const form = await readFormData(new Request('http://localhost/x', { method: 'POST', body: new URLSearchParams({ a: '1' }) }))
  expect(form.get('a')).toBe('1')
})

test("the production CSP allows scripts only from our origin and this request's nonce", () => {
  const policy = contentSecurityPolicy('abc123')
  const scriptSrc = policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src'))!
  expect(scriptSrc).toBe("script-src 'self' 'nonce-abc123'")
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:/)
  expect(policy).toMatch(/object-src 'none'/)
  expect(policy).toMatch(/frame-ancestors 'none'/)
  expect(policy).toMatch(/base-uri 'self'/)
})

test('a foreign Origin is one that is neither the request origin nor APP_URL; none at all passes', () => {
  expect(isForeignOrigin('https://evil.example', 'http://localhost:3000')).toBe(true)
  expect(isForeignOrigin('http://localhost:3001', 'http://localhost:3000')).toBe(true)
  expect(isForeignOrigin('null', 'http://localhost:3000')).toBe(true)
  expect(isForeignOrigin('http://localhost:3000', 'http://localhost:3000')).toBe(false)
  expect(isForeignOrigin(undefined, 'http://localhost:3000')).toBe(false)
})
