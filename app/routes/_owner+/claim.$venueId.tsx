import { formatDate } from '~/core/format'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { FormBanner } from '~/components/auth-card'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { HoneypotField } from '~/components/honeypot'
import { PageHeader } from '~/components/page-header'
import { Button } from '~/components/ui/button'
import { Field, TextareaField } from '~/components/ui/field'
import { formAttempt, formFailure } from '~/web/form-errors.server'
import { isHoneypotFilled } from '~/web/honeypot'
import { venueNotFoundResponse } from '~/web/not-found.server'
import { claimSchema } from '~/features/venues/owner-schemas'
import { seo } from '~/web/seo'
import { getFormProps, getInputProps, getTextareaProps, useServerForm, type Constraint } from '~/web/server-form'
import { venuePath } from '~/features/venues/venue-urls'
import { claimPageState, submitClaim } from '~/features/owners/claims.server'
import { getUser, requireAccess } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import type { z } from 'zod'
import { useIsPending } from '~/hooks/pending'

// /claim/{venueId} is public to read (the route table); filing a claim needs an account.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request)
  const state = await claimPageState(user, params.venueId ?? '')
  if (!state) throw venueNotFoundResponse()
  const { venue, myClaim } = state
  return {
    venue: {
      id: venue.id,
      name: venue.name,
      city: venue.city,
      stateCode: venue.stateCode,
      claimed: venue.claimed,
      manager: venue.ownerFirstName,
      path: venuePath(venue),
    },
    myClaim: myClaim ? { status: myClaim.status, reason: myClaim.reason, createdAt: myClaim.createdAt.toISOString() } : null,
    signedIn: Boolean(user),
    constraint: getZodConstraint(claimSchema),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await getUser(request)
  if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: `/claim/${params.venueId}` })}`)
  const formData = await request.formData()
  const back = `/claim/${params.venueId}`
  if (isHoneypotFilled(formData)) return redirectWithToast(back, { type: 'success', description: 'Your claim was sent for review.' })
  const submission = parseWithZod(formData, { schema: claimSchema })
  if (submission.status !== 'success') return formFailure(submission)
  return formAttempt(submission, async () => {
    await submitClaim(user, params.venueId ?? '', submission.value)
    return redirectWithToast(back, { type: 'success', description: 'Your claim was sent for review.' })
  })
}

export default function ClaimPage() {
  const { venue, myClaim, signedIn, constraint } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader eyebrow="Claim a venue" title={`Claim ${venue.name}`}>
        <p>
          Run{' '}
          <Link to={venue.path} className="link">
            {venue.name}
          </Link>{' '}
          in {venue.city}, {venue.stateCode}? Claim it to edit the listing, answer questions and take bookings.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-2xl px-4 py-10">
        {venue.claimed ? (
          <p className="card p-6">
            {venue.name} is managed by {venue.manager ?? 'its owner'}. If you think that is wrong,{' '}
            <Link to="/contact?topic=venue" className="link">
              contact us
            </Link>
            .
          </p>
        ) : myClaim?.status === 'open' ? (
          <p className="card p-6" role="status">
            Your claim is waiting for review (sent {formatDate(myClaim.createdAt)}). We will notify you when an admin decides.
          </p>
        ) : (
          <>
            {myClaim?.status === 'rejected' ? (
              <p className="mb-6 card p-4" role="status">
                Your last claim was not approved{myClaim.reason ? `: ${myClaim.reason}` : ''}. You may send a new one.
              </p>
            ) : null}
            <ClaimForm signedIn={signedIn} venueId={venue.id} constraint={constraint} />
          </>
        )}
      </div>
    </>
  )
}

function ClaimForm({ signedIn, venueId, constraint }: { signedIn: boolean; venueId: string; constraint: Record<string, Constraint> }) {
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  // Validated on the server only (app/web/server-form.ts): no zod in this page's JavaScript.
  const [form, fields] = useServerForm<z.input<typeof claimSchema>>({
    id: 'claim',
    defaultNoValidate: true,
    lastResult: actionData?.result,
    constraint,
  })
  return (
    <Form method="post" {...getFormProps(form)} className="card p-6">
      <FormBanner id={form.errorId} errors={form.errors} />
      {signedIn ? null : (
        <p className="mb-4 text-sm">
          You will be asked to{' '}
          <Link to={`/login?redirectTo=/claim/${venueId}`} className="link">
            sign in
          </Link>{' '}
          first.
        </p>
      )}
      <HoneypotField />
      <Field
        labelProps={{ children: 'Your role at the venue' }}
        hint="For example: owner, general manager, talent buyer."
        inputProps={getInputProps(fields.roleAtVenue, { type: 'text' })}
        errors={fields.roleAtVenue.errors}
      />
      <Field
        labelProps={{ children: 'Business email' }}
        hint="An address at the venue's own domain is verified fastest."
        inputProps={{ ...getInputProps(fields.businessEmail, { type: 'email' }), autoComplete: 'email' }}
        errors={fields.businessEmail.errors}
      />
      <Field
        labelProps={{ children: 'Phone' }}
        inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
        errors={fields.phone.errors}
      />
      <TextareaField
        labelProps={{ children: 'Note for our team (optional)' }}
        textareaProps={getTextareaProps(fields.note)}
        errors={fields.note.errors}
      />
      <Button type="submit" pending={pending}>
        Send claim
      </Button>
    </Form>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo({ matches, title: data ? `Claim ${data.venue.name}` : 'Venue Not Found', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
