import { publicOrigin } from '~/env.server'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { SITEMAP_CHUNK, SITEMAP_HEADERS, sitemapIndexXml } from '~/web/sitemap.server'
import { venueCount } from '~/features/venues/venue-directory.server'

/** The sitemap index: landing pages, blog posts, then the venues in chunks of SITEMAP_CHUNK. */
export async function loader(_args: LoaderFunctionArgs) {
  const origin = publicOrigin()
  const chunks = Math.ceil((await venueCount()) / SITEMAP_CHUNK)
  const entries = [
    { loc: `${origin}/sitemaps/landing.xml` },
    { loc: `${origin}/sitemaps/blog.xml` },
    ...Array.from({ length: chunks }, (_, index) => ({ loc: `${origin}/sitemaps/venues-${index + 1}.xml` })),
  ]
  return new Response(sitemapIndexXml(entries), { headers: SITEMAP_HEADERS })
}
