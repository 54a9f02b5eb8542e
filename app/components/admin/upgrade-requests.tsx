import { Form } from '@remix-run/react'
import { ADMIN_ROW_BUTTON } from '~/components/admin/admin-nav'
import { usePendingCheck } from '~/hooks/pending'
import { formatDate } from '~/core/format'
import { roleLabel } from '~/core/domain'

type Request = {
  id: string
  email: string
  role: string
  planName: string
  currentPlanName: string
  note: string
  createdAt: string
}

/** Open upgrade requests (from the pricing page's form): grant sets the user's plan, decline tells them. */
export function UpgradeRequests({ requests }: { requests: Request[] }) {
  const isPending = usePendingCheck()
  const busy = (id: string) => isPending({ fields: { requestId: id }, state: 'non-idle' })
  return (
    <section id="upgrades" aria-labelledby="upgrades-heading" className="scroll-mt-20 card p-4">
      <h2 id="upgrades-heading" className="text-xl">
        Upgrade requests ({requests.length})
      </h2>
      {requests.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">No one is waiting for an upgrade.</p>
      ) : (
        <ul className="mt-3 divide-y divide-neutral-200 dark:divide-line-dark">
          {requests.map((request) => (
            <li key={request.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium break-all">{request.email}</p>
                <p className="text-sm text-neutral-700 dark:text-neutral-300">
                  {roleLabel(request.role)} · {request.currentPlanName} → <strong>{request.planName}</strong> · asked{' '}
                  {formatDate(request.createdAt)}
                </p>
                {request.note ? <p className="text-sm">“{request.note}”</p> : null}
              </div>
              <Form method="post" className="flex gap-2">
                <input type="hidden" name="requestId" value={request.id} />
                <button type="submit" name="intent" value="grant-plan" className={ADMIN_ROW_BUTTON} disabled={busy(request.id)}>
                  Grant {request.planName}
                </button>
                <button type="submit" name="intent" value="decline-plan" className={ADMIN_ROW_BUTTON} disabled={busy(request.id)}>
                  Decline
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
