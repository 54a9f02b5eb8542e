import { describe, expect, test } from 'vitest'
import { safeRedirect } from '~/lib/safe-redirect'

describe('safeRedirect', () => {
  test.each(['/', '/dashboard', '/venues/ca?page=2#map', '/search?q=%2F%2Fevil.com'])('keeps the same-site path %j', (to) => {
    expect(safeRedirect(to)).toBe(to)
  })

  test('trims surrounding whitespace', () => {
    expect(safeRedirect('  /blog  ')).toBe('/blog')
  })

  test.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/login'],
    ['backslash', '/\\evil.com'],
    ['absolute https', 'https://evil.com'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['relative path', 'dashboard'],
    ['newline', '/ok\n//evil.com'],
    ['carriage return', '/ok\r\nSet-Cookie: x=1'],
    ['tab', '/\t/evil.com'],
    ['empty', ''],
  ])('refuses %s', (_label, to) => {
    expect(safeRedirect(to)).toBe('/')
  })

  test('falls back for missing and non-string values, to a chosen default', () => {
    expect(safeRedirect(null)).toBe('/')
    expect(safeRedirect(undefined, '/home')).toBe('/home')
    expect(safeRedirect(new File([], 'x'), '/home')).toBe('/home')
    expect(safeRedirect('//evil.com', '/dashboard')).toBe('/dashboard')
  })
})
