import { z } from 'zod'
import { text, wholeNumber } from '../../core/fields'

// The artist profile form (shared by the pages and the service).

export const MAX_ARTIST_LINKS = 6

/** Comma-separated genres → a clean list ('Indie rock, folk' → ['Indie rock', 'Folk']). */
export function parseGenres(value: string): string[] {
  const seen = new Set<string>()
  const genres: string[] = []
  for (const raw of value.split(',')) {
    const genre = raw.trim().replace(/\s+/g, ' ')
    if (!genre || seen.has(genre.toLowerCase())) continue
    seen.add(genre.toLowerCase())
    genres.push(genre.charAt(0).toUpperCase() + genre.slice(1))
  }
  return genres
}

export type ArtistLinkInput = { label: string; url: string }

/**
 * One link a line: 'Bandcamp https://x.bandcamp.com' or just the URL (its host is the label).
 * Only http(s) URLs are links; anything else is an error naming the line.
 */
export function parseLinks(value: string, ctx?: z.RefinementCtx): ArtistLinkInput[] {
  const links: ArtistLinkInput[] = []
  for (const line of value.split(/\r?\n/)) {
    const text = line.trim()
    if (!text) continue
    const match = /^(.*?)\s*(https?:\/\/\S+)$/i.exec(text)
    let url: URL | null = null
    try {
      url = match ? new URL(match[2]!) : null
    } catch {
      url = null
    }
    if (!match || !url || !/^https?:$/.test(url.protocol)) {
      ctx?.addIssue({ code: 'custom', message: `Not a web address: ${text.slice(0, 60)}` })
      continue
    }
    links.push({ label: (match[1] || url.hostname.replace(/^www\./, '')).slice(0, 40), url: url.toString() })
  }
  return links
}

export const artistProfileSchema = z.object({
  name: text({ required: 'Name is required', min: 1, max: 100, tooLong: 'Please keep the name under 100 characters' }),
  genres: text({ max: 400, tooLong: 'Please keep the genres under 400 characters' })
    .optional()
    .default('')
    .transform(parseGenres)
    .pipe(z.array(z.string().max(40, 'Genres are at most 40 characters')).max(8, 'At most 8 genres')),
  hometown: text({ max: 100, tooLong: 'Please keep the hometown under 100 characters' }).optional().default(''),
  bio: text({ max: 5000, tooLong: 'Please keep the bio under 5,000 characters', multiline: true }).optional().default(''),
  links: text({ max: 2000, tooLong: 'Please keep the links under 2,000 characters', multiline: true })
    .optional()
    .default('')
    .transform((value, ctx) => parseLinks(value, ctx))
    .pipe(
      z
        .array(z.object({ label: z.string().max(40), url: z.string().max(2000) }))
        .max(MAX_ARTIST_LINKS, `At most ${MAX_ARTIST_LINKS} links`),
    ),
  drawEstimate: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    wholeNumber('Draw must be a whole number', 'Draw must be a whole number')
      .pipe(z.number().min(0, 'Draw cannot be negative').max(1_000_000, 'That is more people than any venue holds'))
      .optional(),
  ),
})

export type ArtistProfileInput = z.input<typeof artistProfileSchema>

/** The form's text for stored links. */
export function linksText(links: ArtistLinkInput[]) {
  return links.map((link) => `${link.label} ${link.url}`).join('\n')
}
