import { renderToString } from 'react-dom/server'
import { describe, expect, test, vi } from 'vitest'
import { AuthenticationErrorScreen } from '~/components/error-screens'
import { loader as rootLoader } from '~/root'
import * as session from '~/features/accounts/session.server'
import { useTestDatabase } from '../support/db'
import { routeArgs } from '../support/api'

useTestDatabase()

// docs/product.md §2: when the session store cannot answer, the page renders the Authentication Error
// screen instead of failing or sending the visitor to /login as if signed out.
describe('the session store fails mid-request', () => {
  test('the root loader reports it, logs it, and does not redirect even on a signed-in path', async () => {
    const lookup = vi.spyOn(session, 'getSessionUser').mockRejectedValue(new Error('connection terminated'))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const result = await rootLoader(
        routeArgs(new Request('http://localhost/dashboard', { headers: { Cookie: 'sp_session=whatever' } }), {}),
      )
      expect(result.data).toMatchObject({ user: null, authFailed: true })
      expect(logged).toHaveBeenCalledWith('[auth] session lookup failed:', expect.any(Error))
    } finally {
      lookup.mockRestore()
      logged.mockReset()
    }
  })

  test('a working store does not set the flag', async () => {
    const result = await rootLoader(routeArgs(new Request('http://localhost/')))
    expect(result.data).toMatchObject({ user: null, authFailed: false })
  })

  test('the screen says what happened and offers a refresh that works without JavaScript', () => {
    const html = renderToString(<AuthenticationErrorScreen />)
    expect(html).toContain('Authentication Error')
    expect(html).toContain('There was an issue with the authentication system.')
    expect(html).toMatch(/<form method="get"[^>]*>.*Refresh Page/)
  })
})
