// The one home of counted nouns and lists in product text, so '1 questions', 'brewerys' and
// 'bar and club and brewery' cannot be written by hand again (docs/product.md, "Plain language:
// dates, times and plurals"). Client-safe and tiny: components import it.

import { lookupTable } from './lookup'

const count = new Intl.NumberFormat('en-US')

// Nouns whose plural does not follow the rules below.
const IRREGULAR = lookupTable<string>({ person: 'people', child: 'children' })

/** 'venue' → 'venues', 'brewery' → 'breweries', 'day' → 'days', 'church' → 'churches'. */
export function pluralNoun(noun: string): string {
  const irregular = IRREGULAR[noun.toLowerCase()]
  if (irregular) return noun.charAt(0) === noun.charAt(0).toUpperCase() ? irregular.charAt(0).toUpperCase() + irregular.slice(1) : irregular
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}${noun.endsWith('Y') ? 'IES' : 'ies'}`
  if (/(s|x|z|ch|sh)$/i.test(noun)) return `${noun}es`
  return `${noun}s`
}

/** The noun alone, singular for exactly one: `nounFor(2, 'hold')` → 'holds'. */
export function nounFor(n: number, one: string, many = pluralNoun(one)) {
  return n === 1 ? one : many
}

/** '1 question', '2 questions', '1,204 venues', '0 breweries'. */
export function plural(n: number, one: string, many = pluralNoun(one)) {
  return `${count.format(n)} ${nounFor(n, one, many)}`
}

/** 'a', 'a and b', 'a, b and c' (or 'or'): the house style has no serial comma. */
export function listOf(items: readonly string[], conjunction: 'and' | 'or' = 'and') {
  const shown = items.filter((item) => item.length > 0)
  if (shown.length <= 1) return shown[0] ?? ''
  return `${shown.slice(0, -1).join(', ')} ${conjunction} ${shown[shown.length - 1]}`
}

/** 'a venue owner', 'an admin', 'an organizer' (by the first letter: our nouns have no silent h). */
export function withArticle(noun: string) {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`
}

/**
 * The one slug of the app (venues, cities, blog posts, artists, tags): lowercase ASCII words
 * joined by hyphens, 'Coeur d'Alene' → 'coeur-dalene', 'Rock & Roll' → 'rock-and-roll'; at most
 * `max` characters, never ending in a hyphen.
 */
export function slugify(text: string, max = Infinity) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '')
}

/** A person's name as the product writes it: first and last name, else the mailbox part of the email. */
export function displayName(user: { firstName: string | null; lastName: string | null; email: string }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim()
  return name || user.email.split('@')[0] || user.email
}
