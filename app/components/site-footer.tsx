import { Link } from '@remix-run/react'
import { PRODUCT_NAME } from '~/components/site-header'

export function SiteFooter({ year }: { year: number }) {
  return (
    <footer className="border-t border-neutral-200 bg-white dark:border-line-dark dark:bg-card-dark">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-neutral-700 sm:flex-row sm:items-center sm:justify-between dark:text-neutral-300">
        <p>{`© ${year} ${PRODUCT_NAME}. Book Your Next Tour in Five Minutes.`}</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 [&_a:hover]:underline">
            <li>
              <Link to="/venues-mosaic">Browse All Venues</Link>
            </li>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  )
}
