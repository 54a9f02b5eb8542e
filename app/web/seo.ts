import type { MetaDescriptor } from '@remix-run/node'

export const SITE_NAME = 'Stagepass'
export const TAGLINE = 'Book Your Next Tour in Five Minutes'
export const DEFAULT_DESCRIPTION = 'Find and book live-music and event venues across the US, and plan a multi-city tour in minutes.'
export const DEFAULT_IMAGE = '/og-image.png'

type RootMatch = { id: string; data: unknown }

/** The site origin the root loader computed, for absolute canonical and Open Graph URLs. */
export function originFrom(matches: ReadonlyArray<RootMatch | undefined>) {
  const root = matches.find((m) => m?.id === 'root')?.data
  return root && typeof root === 'object' && 'origin' in root && typeof root.origin === 'string' ? root.origin : ''
}

/**
 * Title, description, canonical link and social tags for a page. `title` is the page's own name;
 * without one the tagline is the title (docs/product.md §9).
 */
export function seo({
  matches,
  title,
  description = DEFAULT_DESCRIPTION,
  path,
  image = DEFAULT_IMAGE,
  imageMeta,
  type = 'website',
  noIndex = false,
}: {
  matches: ReadonlyArray<RootMatch | undefined>
  title?: string
  description?: string
  path?: string
  image?: string
  /** The image's size and alt text, for og:image:width/height/alt and twitter:image:alt. */
  imageMeta?: { width: number; height: number; alt: string }
  type?: string
  noIndex?: boolean
}): MetaDescriptor[] {
  const origin = originFrom(matches)
  const fullTitle = title ? `${title} · ${SITE_NAME}` : TAGLINE
  const imageUrl = image.startsWith('http') ? image : `${origin}${image}`
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: title ?? TAGLINE },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:image', content: imageUrl },
    // X reads og:title, og:description and og:image when its own tags are absent: only the card
    // type and the image's alt text (below) have no Open Graph form.
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
  if (imageMeta) {
    tags.push(
      { property: 'og:image:width', content: String(imageMeta.width) },
      { property: 'og:image:height', content: String(imageMeta.height) },
      { property: 'og:image:alt', content: imageMeta.alt },
      { name: 'twitter:image:alt', content: imageMeta.alt },
    )
  }
  if (path !== undefined) {
    tags.push({ tagName: 'link', rel: 'canonical', href: `${origin}${path}` })
    tags.push({ property: 'og:url', content: `${origin}${path}` })
  }
  if (noIndex) tags.push({ name: 'robots', content: 'noindex' })
  return tags
}
