import type { ReactNode } from 'react'

/** The title band of an inner page: an eyebrow, the page's one h1 and a short lede. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="border-b border-neutral-200 bg-white dark:border-line-dark dark:bg-card-dark">
      <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
        {eyebrow ? <p className="text-sm font-semibold tracking-widest text-header uppercase dark:text-brand">{eyebrow}</p> : null}
        <h1 className="mt-2 text-4xl leading-tight font-bold sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-3xl text-lg text-neutral-700 dark:text-neutral-300">{children}</div> : null}
      </div>
    </div>
  )
}
