import type { ReactNode } from 'react'
import { AlertIcon } from '~/components/ui/icons'
import { UpgradeText } from '~/components/upgrade-text'
import type { ListOfErrors } from '~/components/ui/field'

/** The centred card the sign-in pages share. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="px-4 py-12 sm:py-16">
      <section className="mx-auto w-full max-w-md card p-6 sm:p-8" aria-labelledby="auth-title">
        <h1 id="auth-title" className="text-center text-2xl font-bold">
          {title}
        </h1>
        {subtitle ? <div className="mt-2 text-center text-sm text-neutral-700 dark:text-neutral-300">{subtitle}</div> : null}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  )
}

export function AuthDivider() {
  return (
    <div className="flex items-center gap-3 py-4 text-sm text-neutral-600 dark:text-neutral-400" role="separator">
      <span className="h-px flex-1 bg-neutral-300 dark:bg-line-dark" />
      or
      <span className="h-px flex-1 bg-neutral-300 dark:bg-line-dark" />
    </div>
  )
}

/** The inline banner for a form-level error (docs/product.md §8). */
export function FormBanner({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const list = errors?.filter((e): e is string => Boolean(e))
  return (
    <div id={id} aria-live="polite">
      {list?.length ? (
        <div
          role="alert"
          className="mb-4 flex gap-3 rounded-control border border-red-700/40 bg-red-50 p-3 text-sm text-red-800 dark:border-red-400/40 dark:bg-red-950/40 dark:text-red-200"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <div>
            {list.map((error) => (
              <p key={error}>
                <UpgradeText text={error} />
              </p>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  )
}
