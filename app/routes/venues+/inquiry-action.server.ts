import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from '@remix-run/node'
import { formAttempt, formFailure } from '~/web/form-errors.server'
import { isHoneypotFilled } from '~/web/honeypot'
import { inquirySchema } from '~/features/venues/owner-schemas'
import { createInquiry } from '~/features/venues/inquiries.server'
import { redirectWithToast } from '~/platform/toast.server'
import type { SessionUser } from '~/features/accounts/session.server'

export const INQUIRY_SENT = 'Your question was sent to the venue.'

/** The venue page's inquiry form: signed-out askers go to sign in and come back to the venue. */
export async function inquiryAction(request: Request, user: SessionUser | null, venue: { id: string }, venueUrl: string, ip?: string) {
  if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: venueUrl })}`)
  const formData = await request.formData()
  if (isHoneypotFilled(formData)) return redirectWithToast(venueUrl, { type: 'success', description: INQUIRY_SENT })
  const submission = parseWithZod(formData, { schema: inquirySchema })
  if (submission.status !== 'success') return formFailure(submission)
  return formAttempt(submission, async () => {
    await createInquiry(user, venue.id, submission.value, new Date(), { ip })
    return redirectWithToast(`${venueUrl}#ask`, { type: 'success', description: INQUIRY_SENT })
  })
}
