import type { ComponentProps, ReactNode } from 'react'
import { SavePlanForm } from './criteria-form'
import { PlanView } from './plan-view'

/**
 * The planner pages' answer: the plan, the form that saves it (when it has stops), and under it
 * the page's own next steps (`children`). One section for the plain, conversational and enhanced
 * planners, so the three read and save a plan the same way.
 */
export function YourPlan({
  save,
  children,
  ...view
}: ComponentProps<typeof PlanView> & { save: ComponentProps<typeof SavePlanForm>; children?: ReactNode }) {
  return (
    <section aria-labelledby="plan-h" className="mt-6 card p-4 sm:p-6">
      <h2 id="plan-h" className="mb-3 text-xl font-semibold">
        Your plan
      </h2>
      <PlanView {...view} />
      <div className="mt-6 border-t border-neutral-200 pt-4 dark:border-neutral-700">
        {view.plan.stops.length ? <SavePlanForm {...save} /> : null}
        {children}
      </div>
    </section>
  )
}
