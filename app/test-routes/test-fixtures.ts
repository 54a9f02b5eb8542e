// TEST-ONLY. Playwright's fixtures (tests/e2e/fixtures.ts) sign users in by writing a session here,
// since the server owns the embedded database. Everything is a bare 404 unless E2E_FIXTURES_SECRET
// was set at start, the request carries it in X-E2E-Fixtures-Secret and comes from loopback.
import { timingSafeEqual } from 'node:crypto'
import type { ActionFunctionArgs } from '@remix-run/node'
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { db } from '~/db/client.server'
import { users, venueCalendarSubscriptions } from '~/db/schema'
import { env } from '~/env.server'
import { ROLES } from '~/core/domain'
import { objectId } from '~/core/fields'
import { TOAST_TYPES } from '~/core/toast'
import { createSession, sessionCookie } from '~/features/accounts/session.server'
import { toastHeader } from '~/platform/toast.server'

export const FIXTURES_SECRET_HEADER = 'X-E2E-Fixtures-Secret'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

const bodySchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('login'),
    email: z.email(),
    role: z.enum(ROLES),
    firstName: z.string().max(100).nullable().default(null),
    lastName: z.string().max(100).nullable().default(null),
  }),
  z.object({ intent: z.literal('age-calendar-sync'), venueId: objectId('venueId must be a venue id') }),
  z.object({
    intent: z.literal('toast'),
    type: z.enum(TOAST_TYPES).default('info'),
    title: z.string().max(200).optional(),
    description: z.string().max(500),
  }),
])

function enabled(request: Request, remoteAddress: string | undefined) {
  const secret = env().E2E_FIXTURES_SECRET
  const given = request.headers.get(FIXTURES_SECRET_HEADER)
  if (!secret || !given || !remoteAddress || !LOOPBACK.has(remoteAddress)) return false
  const a = Buffer.from(secret)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** `name=value; Path=/; …` → the parts a browser context needs to hold the cookie. */
function cookieFrom(setCookie: string) {
  const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim())
  const eq = pair.indexOf('=')
  const has = (name: string) => attributes.some((a) => a.toLowerCase() === name)
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), httpOnly: has('httponly'), secure: has('secure') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!enabled(request, context.remoteAddress)) throw new Response('Not Found', { status: 404 })
  const parsed = bodySchema.safeParse(await request.json().catch(() => null))
  if (!parsed.success) return Response.json({ error: { message: z.prettifyError(parsed.error), code: 'invalid' } }, { status: 400 })
  const body = parsed.data

  // The calendar journey's second 'Sync now' without waiting out the gap between presses.
  if (body.intent === 'age-calendar-sync') {
    const aged = await db
      .update(venueCalendarSubscriptions)
      .set({ lastAttemptAt: sql`${venueCalendarSubscriptions.lastAttemptAt} - interval '1 minute'` })
      .where(eq(venueCalendarSubscriptions.venueId, body.venueId))
      .returning({ venueId: venueCalendarSubscriptions.venueId })
    // A test that ages nothing would go on to a refused 'Sync now': it fails here, saying why.
    if (aged.length === 0)
      return Response.json({ error: { message: 'That venue follows no calendar', code: 'not_found' } }, { status: 404 })
    return Response.json({ data: {} })
  }

  if (body.intent === 'toast') {
    const { intent: _, ...toast } = body
    return Response.json({ data: { cookie: cookieFrom(await toastHeader(toast)) } })
  }

  // Reuse the account when the email exists (seeded demo accounts, or a test's second login).
  const { intent: _, ...fields } = body
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${fields.email})`)
    .limit(1)
  const user = existing ?? (await db.insert(users).values(fields).returning())[0]!
  const token = await createSession(user.id, 'playwright fixture')
  return Response.json({
    data: {
      user: { id: user.id, email: user.email, role: user.role, firstName: user.firstName, lastName: user.lastName },
      token,
      cookie: cookieFrom(await sessionCookie.serialize(token)),
    },
  })
}

export function loader(): never {
  throw new Response('Not Found', { status: 404 })
}
