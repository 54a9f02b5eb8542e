import { createCookie, redirect } from '@remix-run/node'
import { z } from 'zod'
import { isId } from '~/core/domain'
import { safeRedirect } from '~/core/safe-redirect'
import { DomainError } from '~/core/errors'

// What a signed-out visitor started survives signing in (docs/accounts.md): the form they sent or
// the heart they pressed waits in a short-lived cookie, read back through a schema and cleared once
// used; the form is filled again for them to check, the heart saved.

const RESUME_MAX_AGE_S = 30 * 60
/** Under the 4 KB a browser keeps per cookie, with room for its name and attributes. */
const MAX_COOKIE_BYTES = 3_600
/** The multi-venue form's rows (three fields each) and shared fields fit; the cookie's size is the real bound. */
const MAX_FIELDS = 40
const MAX_VALUE = 2_000

const resumeCookie = createCookie('sp_resume', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: RESUME_MAX_AGE_S })

const path = z
  .string()
  .max(300)
  .refine((p) => safeRedirect(p, '') === p, 'not a local path')
const resumeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('form'),
    path,
    values: z.record(z.string().max(40), z.string().max(MAX_VALUE)).refine((v) => Object.keys(v).length <= MAX_FIELDS),
  }),
  z.object({ kind: z.literal('wishlist'), path, venueId: z.string().refine(isId) }),
])
export type Resume = z.infer<typeof resumeSchema>

const encode = (resume: Resume) => Buffer.from(JSON.stringify(resume)).toString('base64url')

/** The form's text fields named in `names`, blank ones left out. */
export function formValues(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const name of names.slice(0, MAX_FIELDS)) {
    const value = form.get(name)
    if (typeof value === 'string' && value.trim()) values[name] = value.slice(0, MAX_VALUE)
  }
  return values
}

/**
 * The redirect to sign in that keeps `resume` for afterwards, and comes back to `returnTo`. A form
 * too long for a cookie keeps its longest value shortened (the message, in practice).
 */
export async function signInToContinue(returnTo: string, resume: Resume) {
  let kept = resume
  for (let attempt = 0; attempt < 8 && encode(kept).length > MAX_COOKIE_BYTES && kept.kind === 'form'; attempt++) {
    const [name, value] = Object.entries(kept.values).sort((a, b) => b[1].length - a[1].length)[0] ?? []
    if (!name || value === undefined) break
    kept = { ...kept, values: { ...kept.values, [name]: value.slice(0, Math.floor(value.length / 2)) } }
  }
  const headers = new Headers()
  if (encode(kept).length <= MAX_COOKIE_BYTES) headers.append('Set-Cookie', await resumeCookie.serialize(encode(kept)))
  return redirect(`/login?${new URLSearchParams({ redirectTo: returnTo })}`, { headers })
}

async function readResume(request: Request): Promise<Resume | null> {
  const raw: unknown = await resumeCookie.parse(request.headers.get('Cookie'))
  if (typeof raw !== 'string' || raw.length > MAX_COOKIE_BYTES) return null
  try {
    const parsed = resumeSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

const clearCookie = () => resumeCookie.serialize('', { maxAge: 0 })

/**
 * The values of the form sent from `formPath` before signing in, or null. They stay until the
 * form is sent (forgetResume) or the cookie expires, so a reload shows them again.
 */
export async function resumedForm(request: Request, formPath: string) {
  const resume = await readResume(request)
  return resume?.kind === 'form' && resume.path === formPath ? resume.values : null
}

/** The header that forgets a kept form, for the response to its successful send. */
export async function forgetResume(request: Request) {
  return (await readResume(request)) ? clearCookie() : null
}

/** Saves a venue to the user's wishlist; the caller passes the venues service, which sits above accounts (docs/architecture.md). */
export type SaveVenue = (user: { id: string }, venueId: string) => Promise<unknown>

/**
 * Run as a user signs in: a heart pressed while signed out is saved now. Returns a sentence for
 * the sign-in toast and the header that forgets it; nothing when there was nothing to do.
 */
export async function resumeAfterSignIn(request: Request, user: { id: string }, saveVenue: SaveVenue) {
  const resume = await readResume(request)
  if (resume?.kind !== 'wishlist') return { note: null, setCookie: null }
  try {
    await saveVenue(user, resume.venueId)
    return { note: 'The venue you saved is in your wishlist.', setCookie: await clearCookie() }
  } catch (error) {
    // A venue taken down meanwhile: nothing to save, and nothing to complain about at sign-in.
    if (error instanceof DomainError) return { note: null, setCookie: await clearCookie() }
    throw error
  }
}
