import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { safeRedirect } from '~/core/safe-redirect'
import { PLAN_ANCHOR, plannerReturnTarget, signInHref } from '~/features/tours/planner-return'
import { useAppServer } from '../support/app-server'
import { useTestDatabase } from '../support/db'
import { setCookies } from '../support/users'

// Issue 38, item 7: a plan survives signing up or in by any path. Every sign-in and sign-up link on
// a planner page (the header's, the planner's own, and through them Google's, which reads the
// form's redirectTo) comes back to the page as it was asked, at the plan. docs/planner.md.

useTestDatabase()

const SENTENCE = '5 shows in Austin, Dallas, Houston, San Antonio and Oklahoma City in May 2027, 150 people, we drive'

describe('the return target', () => {
  test('on any planner address it is that address at the plan, one safeRedirect follows as it is; elsewhere none', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('/ai-tour-planner', '/ai-tour-planner/conversational', '/ai-tour-planner/enhanced'),
        fc.dictionary(fc.string({ maxLength: 30 }), fc.string({ maxLength: 3000 }), { maxKeys: 4 }),
        (pathname, fields) => {
          const params = new URLSearchParams(fields).toString()
          const search = params ? `?${params}` : ''
          const target = plannerReturnTarget({ pathname, search })!
          expect(target.endsWith(`#${PLAN_ANCHOR}`)).toBe(true)
          expect(safeRedirect(target, '/nowhere')).toBe(target)
          // Whole, or (too long to follow) the planner itself: never somewhere else.
          expect([`${pathname}${search}#${PLAN_ANCHOR}`, `${pathname}#${PLAN_ANCHOR}`]).toContain(target)
          const href = new URL(signInHref('/register', { pathname, search }), 'http://x')
          expect(href.pathname).toBe('/register')
          expect(href.searchParams.get('redirectTo')).toBe(target)
        },
      ),
    )
    for (const pathname of ['/', '/venues', '/ai-tour-planner-x', '/saved-tour-plans', '/login']) {
      expect(plannerReturnTarget({ pathname, search: '?q=x' })).toBeNull()
      expect(signInHref('/login', { pathname, search: '?q=x' })).toBe('/login')
    }
  })
})

describe('over HTTP, without JavaScript', () => {
  const server = useAppServer()

  test("the header's Sign Up and Login on the planner come back to the plan with its sentence", async () => {
    const planner = `/ai-tour-planner?${new URLSearchParams({ q: SENTENCE })}`
    const html = await (await fetch(`${server.origin()}${planner}`)).text()
    const back = `${planner}#${PLAN_ANCHOR}`
    const register = `/register?${new URLSearchParams({ redirectTo: back })}`.replaceAll('&', '&amp;')
    const login = `/login?${new URLSearchParams({ redirectTo: back })}`.replaceAll('&', '&amp;')
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'))
    // Both the wide header's links and the phone menu's.
    expect(header.split(`href="${register}"`).length - 1).toBe(2)
    expect(header.split(`href="${login}"`).length - 1).toBe(2)
    // The planner's own link and the sign-up page's Google form carry the same target.
    expect(html).toContain(`href="${login}"`)
    const signUp = await (await fetch(`${server.origin()}${register.replaceAll('&amp;', '&')}`)).text()
    expect(signUp).toContain(`name="redirectTo" value="${back.replaceAll('&', '&amp;')}"`)

    // Signing up with that target lands on the plan as it was asked.
    const created = await fetch(`${server.origin()}/register`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.origin() },
      body: new URLSearchParams({
        firstName: 'Joan',
        lastName: 'Jett',
        email: `journey-${Date.now()}@example.test`,
        password: 'journey-pass-38',
        phone: '+1 512 555 0138',
        role: 'organizer',
        consentToCommunications: 'on',
        redirectTo: back,
      }),
    })
    expect(created.status).toBe(302)
    expect(created.headers.get('Location')).toBe(back)
    const cookie = setCookies(created)
      .map((c) => c.split(';')[0]!)
      .join('; ')
    const landed = await (await fetch(`${server.origin()}${planner}`, { headers: { Cookie: cookie } })).text()
    expect(landed).toContain(`value="${SENTENCE}"`)
    expect(landed).toContain(`id="${PLAN_ANCHOR}"`)
  }, 60_000)

  test('off the planner the header links keep their plain targets', async () => {
    const html = await (await fetch(`${server.origin()}/venues-mosaic`)).text()
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'))
    expect(header).toContain('href="/register"')
    expect(header).not.toMatch(/(register|login)\?redirectTo/)
  }, 60_000)
})
