import { Link, NavLink } from '@remix-run/react'
import type { ReactNode } from 'react'
import { cx } from '~/core/cx'
import { GetForm } from '~/components/ui/get-form'

const LINKS = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/insights', label: 'Insights' },
  { to: '/admin/claims', label: 'Claims' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/venues', label: 'Venues' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/blog', label: 'Blog' },
]

/** The admin section's navigation: plain links. */
export function AdminNav() {
  return (
    <nav aria-label="Admin sections" className="border-b border-neutral-200 bg-white dark:border-line-dark dark:bg-card-dark">
      <ul className="relative mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 py-2">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cx(
                  'inline-flex min-h-10 items-center rounded-control px-3 text-sm font-medium whitespace-nowrap',
                  isActive ? 'bg-header text-white dark:bg-brand dark:text-black' : 'hover:bg-black/5 dark:hover:bg-white/10',
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The small outlined button of the admin lists' row actions. */
export const ADMIN_ROW_BUTTON =
  'h-10 rounded-control border border-neutral-500 px-3 text-sm font-medium hover:bg-black/5 disabled:opacity-60 dark:hover:bg-white/10'

/** Title and body of an admin page (the section navigation comes from routes/admin+/_layout.tsx). */
export function AdminPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <header>
        <p className="text-sm font-semibold tracking-widest text-header uppercase dark:text-brand">Admin</p>
        <h1 className="mt-1 text-3xl font-bold">{title}</h1>
        {intro ? <div className="mt-2 text-neutral-700 dark:text-neutral-300">{intro}</div> : null}
      </header>
      {children}
    </div>
  )
}

/** A GET search form (works without JavaScript); `children` adds filters. */
export function AdminSearch({ q, label, children }: { q: string; label: string; children?: ReactNode }) {
  return (
    <GetForm className="flex flex-wrap items-end gap-3" role="search">
      <div>
        <label htmlFor="admin-q" className="block text-sm font-medium">
          {label}
        </label>
        <input
          id="admin-q"
          name="q"
          type="search"
          defaultValue={q}
          className="mt-1 block h-11 w-72 max-w-full rounded-control border border-neutral-500 bg-white px-3 dark:bg-neutral-900"
        />
      </div>
      {children}
      <button
        type="submit"
        className="h-11 rounded-control bg-header px-4 font-medium text-white hover:bg-header-dark dark:bg-brand dark:text-black"
      >
        Search
      </button>
    </GetForm>
  )
}

/** Previous / next links that keep the other query parameters. */
export function AdminPagination({
  path,
  params,
  page,
  pageCount,
  total,
}: {
  path: string
  params: Record<string, string>
  page: number
  pageCount: number
  total: number
}) {
  const href = (n: number) => {
    const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value))
    if (n > 1) query.set('page', String(n))
    return query.size ? `${path}?${query}` : path
  }
  const item = 'inline-flex h-10 items-center rounded-control px-3 text-sm font-medium hover:bg-black/5 dark:hover:bg-white/10'
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={item}>
          ← Previous
        </Link>
      ) : null}
      <span className="text-sm text-neutral-600 dark:text-neutral-400">
        Page {page} of {pageCount} · {total.toLocaleString('en-US')} in all
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={item}>
          Next →
        </Link>
      ) : null}
    </nav>
  )
}
