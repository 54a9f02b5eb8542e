import { Form, Link } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { ErrorList } from '~/components/ui/field'
import { formatUsd } from '~/core/money'

type PlanState = {
  current: { id: string; name: string }
  choices: { id: string; name: string; price: number; per: string | null }[]
  open: { plan: string; createdAt: string } | null
}

/**
 * The pricing page's 'Request an upgrade' (#upgrade): there is no online checkout, so a signed-in
 * user asks for a paid plan here and an admin grants it from /admin/users. A plain form: it works
 * on the page, which ships no JavaScript.
 */
export function UpgradeRequest({ state, wanted, error }: { state: PlanState | null; wanted: string | null; error?: string }) {
  return (
    <section id="upgrade" aria-labelledby="upgrade-heading" className="mx-auto max-w-7xl scroll-mt-20 px-4 pt-16">
      <div className="max-w-3xl card p-6">
        <h2 id="upgrade-heading" className="text-3xl">
          Request an upgrade
        </h2>
        {!state ? (
          <p className="mt-3">
            <Link to={`/login?${new URLSearchParams({ redirectTo: '/pricing#upgrade' })}`} className="link font-semibold">
              Sign in
            </Link>{' '}
            to ask for a paid plan. Online checkout is not open yet: an admin moves your account to the plan, and we write to you about
            billing.
          </p>
        ) : (
          <>
            <p className="mt-3">
              You are on <strong>{state.current.name}</strong>. Online checkout is not open yet: an admin moves your account to the plan you
              ask for, usually within a working day, and we write to you about billing.
            </p>
            {state.open ? (
              <p className="mt-3 rounded-control bg-neutral-100 p-3 dark:bg-white/10" role="status">
                Your request for {state.open.plan} is waiting for an admin (sent {state.open.createdAt.slice(0, 10)}).
              </p>
            ) : state.choices.length === 0 ? (
              <p className="mt-3">You are on the top plan for your account already.</p>
            ) : (
              <Form method="post" action="/pricing" className="mt-4 space-y-4">
                <fieldset>
                  <legend className="text-sm font-medium">Plan</legend>
                  <div className="mt-2 flex flex-wrap gap-4">
                    {state.choices.map((plan, i) => (
                      <label key={plan.id} className="flex items-center gap-2">
                        <input
                          type="radio"
                          name="plan"
                          value={plan.id}
                          required
                          defaultChecked={wanted ? wanted === plan.id : i === 0}
                          className="size-4 accent-header"
                        />
                        {plan.name} ({formatUsd(plan.price)}
                        {plan.per ? ` / ${plan.per}` : ''})
                      </label>
                    ))}
                  </div>
                </fieldset>
                <div>
                  <label htmlFor="upgrade-note" className="block text-sm font-medium">
                    Anything we should know (optional)
                  </label>
                  <textarea
                    id="upgrade-note"
                    name="note"
                    rows={2}
                    maxLength={500}
                    className="mt-1 block w-full rounded-control border border-neutral-500 bg-white px-3 py-2 dark:bg-neutral-900"
                  />
                </div>
                <ErrorList errors={error ? [error] : undefined} />
                <Button type="submit">Request an upgrade</Button>
              </Form>
            )}
          </>
        )}
      </div>
    </section>
  )
}
