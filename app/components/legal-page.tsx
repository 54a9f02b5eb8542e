import type { ReactNode } from 'react'
import { PageHeader } from '~/components/page-header'

export type LegalSection = { id: string; title: string }

/** Privacy and terms: the header band, the text, and on wide screens an "On this page" index. */
export function LegalPage({
  title,
  lede,
  sections,
  children,
}: {
  title: string
  lede: string
  sections: readonly LegalSection[]
  children: ReactNode
}) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={title}>
        <p>{lede}</p>
        <p className="mt-2 text-base">
          Last updated: <time dateTime="2026-11">November 2026</time>
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-12 px-4 py-12 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <article className="prose-body [&_h2]:scroll-mt-20">{children}</article>
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-sm font-semibold tracking-widest text-neutral-600 uppercase dark:text-neutral-400">On this page</p>
            <ul className="mt-3 space-y-2 border-l border-neutral-200 text-sm dark:border-line-dark">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent pl-4 text-neutral-700 hover:border-header hover:text-neutral-900 dark:text-neutral-300 dark:hover:border-brand dark:hover:text-white"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>
    </>
  )
}
