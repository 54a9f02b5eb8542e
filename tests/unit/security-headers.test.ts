import { expect, test } from 'vitest'
import { securityHeaders } from '~/web/http.server'

const coop = (path: string) => securityHeaders({ https: false, path })['Cross-Origin-Opener-Policy']

test('pages keep a handle on the popups they open', () => {
  for (const path of ['/', '/login', '/register', '/profile', '/auth/google-ish']) expect(coop(path), path).toBe('same-origin-allow-popups')
})

test("the Google popup's own pages send no isolating COOP, so window.opener survives the trip to the provider", () => {
  for (const path of ['/auth/google', '/auth/google/', '/auth/google/callback']) expect(coop(path), path).toBe('unsafe-none')
})
