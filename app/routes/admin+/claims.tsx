import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { Button } from '~/components/ui/button'
import { ErrorList } from '~/components/ui/field'
import { venuePath } from '~/features/venues/venue-urls'
import { seo } from '~/web/seo'
import { approveClaim, listClaims, rejectClaim } from '~/features/owners/claims.server'
import { DomainError } from '~/core/errors'
import { actionAttempt } from '~/web/form-errors.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import { usePendingCheck } from '~/hooks/pending'
import { failureMessage, formErrors } from '~/web/form-failure'

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePageUser(request)
  const claims = await listClaims(admin)
  return {
    claims: claims.map((claim) => ({
      ...claim,
      venuePath: venuePath({ slug: claim.venueSlug, citySlug: claim.venueCitySlug, stateCode: claim.venueStateCode }),
      createdAt: claim.createdAt.toISOString(),
    })),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePageUser(request)
  const formData = await request.formData()
  const claimId = String(formData.get('claimId') ?? '')
  return actionAttempt(
    async () => {
      switch (formData.get('intent')) {
        case 'approve':
          await approveClaim(admin, claimId)
          return redirectWithToast('/admin/claims', { type: 'success', description: 'Claim approved. The claimant now manages the venue.' })
        case 'reject':
          await rejectClaim(admin, claimId, { reason: formData.get('reason') })
          return redirectWithToast('/admin/claims', { type: 'info', description: 'Claim rejected.' })
        default:
          throw new DomainError('Unknown action.')
      }
    },
    { extra: { claimId }, values: formData },
  )
}

export default function AdminClaims() {
  const { claims } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const isPending = usePendingCheck()
  const busy = (claimId: string, intent: string) => isPending({ fields: { claimId, intent } })
  return (
    <>
      <PageHeader eyebrow="Admin" title="Venue claims">
        <p>Open claims, oldest first. A domain match means the business email is at the venue website&apos;s domain.</p>
      </PageHeader>
      <div className="mx-auto max-w-5xl space-y-4 px-4 py-10">
        {claims.length === 0 ? <p className="card p-6">No open claims.</p> : null}
        {claims.map((claim) => (
          <article key={claim.id} className="card p-6" aria-labelledby={`claim-${claim.id}`}>
            <h2 id={`claim-${claim.id}`} className="text-xl">
              <Link to={claim.venuePath} className="link">
                {claim.venueName}
              </Link>
            </h2>
            <p className="mt-1">
              {[claim.userFirstName, claim.userLastName].filter(Boolean).join(' ') || claim.userEmail} ({claim.userEmail}),{' '}
              {claim.roleAtVenue}
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-2">
              {claim.businessEmail} · {claim.phone}
              {claim.domainMatch ? (
                <span className="rounded-control bg-green-100 px-2 py-0.5 text-sm font-medium text-green-900 dark:bg-green-900/40 dark:text-green-100">
                  Domain match
                </span>
              ) : (
                <span className="rounded-control bg-neutral-100 px-2 py-0.5 text-sm dark:bg-white/10">
                  No domain match{claim.venueWebsite ? '' : ' (venue has no website)'}
                </span>
              )}
            </p>
            {claim.note ? <p className="mt-2 whitespace-pre-line text-neutral-700 dark:text-neutral-300">{claim.note}</p> : null}
            <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">Sent {new Date(claim.createdAt).toUTCString()}</p>
            {actionData?.claimId === claim.id ? (
              <div role="alert" className="mt-2">
                <ErrorList errors={formErrors(actionData) ?? [failureMessage(actionData)!]} />
              </div>
            ) : null}
            <div className="mt-4 flex flex-wrap items-end gap-4">
              <Form method="post">
                <input type="hidden" name="claimId" value={claim.id} />
                <Button type="submit" name="intent" value="approve" pending={busy(claim.id, 'approve')}>
                  Approve
                </Button>
              </Form>
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="claimId" value={claim.id} />
                <div>
                  <label htmlFor={`reason-${claim.id}`} className="block text-sm font-medium">
                    Reason for rejecting
                  </label>
                  <input
                    id={`reason-${claim.id}`}
                    name="reason"
                    required
                    minLength={3}
                    maxLength={500}
                    className="mt-1 block h-11 rounded-control border border-neutral-500 bg-white px-3 dark:bg-neutral-900"
                  />
                </div>
                <Button type="submit" name="intent" value="reject" variant="outline" pending={busy(claim.id, 'reject')}>
                  Reject
                </Button>
              </Form>
            </div>
          </article>
        ))}
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Venue claims', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
