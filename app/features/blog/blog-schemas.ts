import { z } from 'zod'
import { text } from '../../core/fields'
import { slugify } from '../../core/words'

// The admin blog editor's fields (shared by the form and the service).

export const BLOG_PAGE_SIZE = 9
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const TAG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** 'Touring, Tour budgets' → ['touring', 'tour-budgets']. */
export function parseTags(value: string): string[] {
  const tags = value
    .split(',')
    .map((tag) => slugify(tag))
    .filter(Boolean)
  return [...new Set(tags)]
}

export const blogPostSchema = z.object({
  title: text({ required: 'Title is required', min: 1, max: 160, tooLong: 'Please keep the title under 160 characters' }),
  slug: text({ max: 80, tooLong: 'Please keep the slug under 80 characters' })
    .toLowerCase()
    .refine((value) => value === '' || SLUG_PATTERN.test(value), 'Use lowercase letters, digits and single hyphens')
    .optional()
    .default(''),
  excerpt: text({
    required: 'Excerpt is required',
    min: 1,
    max: 400,
    tooLong: 'Please keep the excerpt under 400 characters',
    multiline: true,
  }),
  body: text({ required: 'Body is required', min: 1, max: 100_000, tooLong: 'The body is too long', multiline: true }),
  authorName: text({ required: 'Author is required', min: 1, max: 120, tooLong: 'Please keep the author under 120 characters' }),
  tags: text({ max: 400, tooLong: 'Please keep the tags under 400 characters' })
    .optional()
    .default('')
    .transform(parseTags)
    .pipe(z.array(z.string().max(40, 'Tags are at most 40 characters')).max(8, 'At most 8 tags')),
})

export type BlogPostInput = z.input<typeof blogPostSchema>
