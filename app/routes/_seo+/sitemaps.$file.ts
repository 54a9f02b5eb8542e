import { publicOrigin } from '~/env.server'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { SITEMAP_CHUNK, SITEMAP_HEADERS, STATIC_PATHS, urlsetXml, type SitemapEntry } from '~/web/sitemap.server'
import { categoryPath, cityPath, statePath, venuePath } from '~/features/venues/venue-urls'
import { sitemapPosts } from '~/features/blog/blog.server'
import { landingPlaces, venueSitemapChunk } from '~/features/venues/venue-directory.server'

const notFound = () => new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/** /sitemaps/landing.xml (static, state, city and category pages), /sitemaps/blog.xml and /sitemaps/venues-{n}.xml. */
export async function loader({ params }: LoaderFunctionArgs) {
  const origin = publicOrigin()
  const file = params.file ?? ''
  if (file === 'landing.xml') return xml(await landingEntries(origin))
  if (file === 'blog.xml')
    return xml((await sitemapPosts()).map((post) => ({ loc: `${origin}/blog/${post.slug}`, lastmod: post.updatedAt })))
  const chunk = /^venues-([1-9]\d{0,4})\.xml$/.exec(file)?.[1]
  if (!chunk) return notFound()
  const rows = await venueSitemapChunk(Number(chunk), SITEMAP_CHUNK)
  if (rows.length === 0) return notFound()
  return xml(rows.map((venue) => ({ loc: `${origin}${venuePath(venue)}`, lastmod: venue.updatedAt })))
}

const xml = (entries: SitemapEntry[]) => new Response(urlsetXml(entries), { headers: SITEMAP_HEADERS })

async function landingEntries(origin: string): Promise<SitemapEntry[]> {
  const places = await landingPlaces()
  const latest = new Map<string, Date>()
  const touch = (path: string, date: Date) => {
    const seen = latest.get(path)
    if (!seen || seen < date) latest.set(path, date)
  }
  // Rows come grouped by state and city, so Map insertion order is the directory's order.
  for (const place of places) {
    touch(statePath(place.stateCode), place.updatedAt)
    touch(cityPath(place), place.updatedAt)
    touch(categoryPath(place, place.venueType), place.updatedAt)
  }
  return [
    ...STATIC_PATHS.map((path) => ({ loc: `${origin}${path}` })),
    ...[...latest].map(([path, lastmod]) => ({ loc: `${origin}${path}`, lastmod })),
  ]
}
