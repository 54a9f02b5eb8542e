import { isoOf } from '../core/dates'
// Sitemaps (sitemaps.org protocol 0.9): an index at /sitemap.xml pointing at child sitemaps of
// at most SITEMAP_CHUNK URLs each (the protocol allows 50,000; the margin keeps files small).

export const SITEMAP_CHUNK = 45_000

export const SITEMAP_HEADERS = {
  'Content-Type': 'application/xml; charset=utf-8',
  // Crawlers fetch these rarely; an hour of caching spares the database, a day of
  // stale-while-revalidate keeps answers instant.
  'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400',
}

export type SitemapEntry = { loc: string; lastmod?: Date | null }

export function xmlEscape(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`)
}

function entryXml(tag: 'url' | 'sitemap', { loc, lastmod }: SitemapEntry) {
  const date = lastmod ? `<lastmod>${isoOf(lastmod)}</lastmod>` : ''
  return `<${tag}><loc>${xmlEscape(loc)}</loc>${date}</${tag}>`
}

export function urlsetXml(entries: SitemapEntry[]) {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((entry) => entryXml('url', entry)),
    '</urlset>',
    '',
  ].join('\n')
}

export function sitemapIndexXml(entries: SitemapEntry[]) {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((entry) => entryXml('sitemap', entry)),
    '</sitemapindex>',
    '',
  ].join('\n')
}

/** Public pages that are not generated from venues. */
export const STATIC_PATHS = [
  '/',
  '/venues',
  '/venues-mosaic',
  '/search',
  '/ai-tour-planner',
  '/blog',
  '/about',
  '/pricing',
  '/contact',
  '/privacy',
  '/terms',
]
