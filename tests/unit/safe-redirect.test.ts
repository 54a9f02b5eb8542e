import { describe, expect, test } from 'vitest'
import { safeRedirect } from '~/core/safe-redirect'

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
    // Characters a Location header refuses (a 500 before) or a browser strips into another URL.
    ['NUL', '/ok\u0000'],
    ['vertical tab', '/ok\u000b/x'],
    ['form feed', '/\u000c/evil.com'],
    ['DEL', '/ok\u007f'],
    ['line separator', '/ok\u2028x'],
    ['ideographic space', '/ok\u3000x'],
    ['leading ideographic space', '\u3000/dashboard'],
    ['no-break space', '/ok\u00a0x'],
    ['byte order mark', '\ufeff/dashboard'],
    ['non-ASCII', '/caf\u00e9'],
    ['too long', `/${'a'.repeat(3000)}`],
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

test('a decoded query value with control characters never reaches a redirect', () => {
  for (const raw of ['%0B', '%00', '%E2%80%A8', '%E3%80%80', '%0D%0ALocation:%20//evil.com']) {
    const to = new URLSearchParams(`redirectTo=/dashboard${raw}`).get('redirectTo')
    expect(safeRedirect(to, '/home')).toBe('/home')
    // And the fallback is something a Response can carry.
    expect(() => new Response(null, { status: 302, headers: { Location: safeRedirect(to) } })).not.toThrow()
  }
})
