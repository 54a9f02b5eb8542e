import { z } from 'zod'

// The admin blog editor's fields (shared by the form and the service).

export const BLOG_PAGE_SIZE = 9
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const TAG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** 'Touring, Tour budgets' → ['touring', 'tour-budgets']. */
export function parseTags(value: string): string[] {
  const tags = value
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
  return [...new Set(tags)]
}

export function slugify(value: string) {
  return value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}

export const blogPostSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(160, 'Please keep the title under 160 characters'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(80, 'Please keep the slug under 80 characters')
    .refine((value) => value === '' || SLUG_PATTERN.test(value), 'Use lowercase letters, digits and single hyphens')
    .optional()
    .default(''),
  excerpt: z
    .string({ error: 'Excerpt is required' })
    .trim()
    .min(1, 'Excerpt is required')
    .max(400, 'Please keep the excerpt under 400 characters'),
  body: z.string({ error: 'Body is required' }).trim().min(1, 'Body is required').max(100_000, 'The body is too long'),
  authorName: z
    .string({ error: 'Author is required' })
    .trim()
    .min(1, 'Author is required')
    .max(120, 'Please keep the author under 120 characters'),
  tags: z
    .string()
    .optional()
    .default('')
    .transform(parseTags)
    .pipe(z.array(z.string().max(40, 'Tags are at most 40 characters')).max(8, 'At most 8 tags')),
})

export type BlogPostInput = z.input<typeof blogPostSchema>
