import type { ComponentProps, ReactNode } from 'react'
import { SavePlanForm } from './criteria-form'
import { PlanView } from './plan-view'
import { PLAN_ANCHOR } from '~/features/tours/planner-return'

/**
 * The planner pages' answer: the form that saves it (when it has stops) right under its heading,
 * so the next step is in view where a booker lands (#plan, after signing in: docs/planner.md), then
 * the plan, and under it the page's own next steps (`children`). One section for the plain,
 * conversational and enhanced planners, so the three read and save a plan the same way.
 */
export function YourPlan({
  save,
  children,
  ...view
}: ComponentProps<typeof PlanView> & { save: ComponentProps<typeof SavePlanForm>; children?: ReactNode }) {
  return (
    <section id={PLAN_ANCHOR} aria-labelledby="plan-h" className="mt-6 scroll-mt-20 card p-4 sm:p-6">
      <h2 id="plan-h" className="mb-3 text-xl font-semibold">
        Your plan
      </h2>
      {view.plan.stops.length ? (
        <div className="mb-4 border-b border-neutral-200 pb-1 dark:border-neutral-700" data-testid="plan-next-step">
          <SavePlanForm {...save} />
        </div>
      ) : null}
      <PlanView {...view} />
      {children ? <div className="mt-6 border-t border-neutral-200 pt-4 dark:border-neutral-700">{children}</div> : null}
    </section>
  )
}
