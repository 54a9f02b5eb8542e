import fc from 'fast-check'
import { expect, test } from 'vitest'
import { parseTags, SLUG_PATTERN } from '~/features/blog/blog-schemas'
import { slugify } from '~/core/words'

// One slug for venues, cities, blog posts, artists and tags (issue #35): the blog's tags and the
// city slugs used to be written by separate functions that disagreed on '&' and apostrophes.

test('a slug is lowercase words joined by single hyphens, within its bound, and stable', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.integer({ min: 1, max: 80 }), (text, max) => {
      const slug = slugify(text, max)
      expect(slug === '' || SLUG_PATTERN.test(slug)).toBe(true)
      expect(slug.length).toBeLessThanOrEqual(max)
      expect(slugify(slug, max)).toBe(slug)
    }),
  )
})

test('tags, posts and places are slugged alike', () => {
  expect(slugify("Coeur d'Alene")).toBe('coeur-dalene')
  expect(slugify('Rock & Roll')).toBe('rock-and-roll')
  expect(parseTags("Rock & Roll, Artists' notes")).toEqual(['rock-and-roll', 'artists-notes'])
})
