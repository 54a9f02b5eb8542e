import { sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { normalizeCityName } from '~/planner/gazetteer'
import { cityIndex } from '../city-catalogue.server'

// Free text, made typo-tolerant word by word: each query word that is not a known word is matched
// (trigram similarity, GIN trigram index) against search_terms, the vocabulary of venue names,
// cities, types and descriptions, and the close words join the full-text query as alternatives.

/** A vocabulary word this similar (pg_trgm similarity, 0–1) to a query word is a correction. */
const CORRECTION_MIN_SIMILARITY = 0.4
const CORRECTIONS_PER_WORD = 3
const MAX_QUERY_WORDS = 8

export type TextQuery = {
  raw: string
  words: string[]
  /** One tsquery alternative group per word: 'nashvile':* | 'nashville'. */
  groups: string[]
  corrections: { word: string; suggestions: string[] }[]
  /** The city some of the words name ('seatle' → Seattle): its venues rank first. */
  citySlugs: string[]
}

// PostgreSQL's English stop words: to_tsquery drops them, and a query of nothing but stop words
// would match nothing, so they never reach it.
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for with ' +
    'about against between into through during before after above below to from up down in out on off over under ' +
    'again further then once here there when where why how all any both each few more most other some such no nor not ' +
    'only own same so than too very s t can will just don should now'
  ).split(' '),
)

/** Lowercase ASCII words of at least two characters, stop words removed. */
function queryWords(q: string): string[] {
  const words = q
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !STOP_WORDS.has(w))
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS)
}

export async function prepareText(q: string | undefined): Promise<TextQuery | null> {
  if (!q) return null
  const words = queryWords(q)
  if (!words.length) return null
  const [corrections, index] = await Promise.all([correctWords(words), cityIndex()])
  const groups = words.map((word) => {
    const alternatives = [`'${word}':*`, ...(corrections.get(word) ?? []).map((s) => `'${s}'`)]
    return alternatives.length > 1 ? `(${alternatives.join(' | ')})` : alternatives[0]!
  })
  const city = citySpan(words, index)
  if (city) {
    // The words that name the city match its venues by the city's own name too ('seatle' finds
    // Seattle even when the vocabulary offers closer words), and those venues rank first.
    const spanned = groups.slice(city.start, city.end).join(' & ')
    const named = city.nameWords.map((w) => `'${w}'`).join(' & ')
    groups.splice(city.start, city.end - city.start, `((${spanned}) | (${named}))`)
  }
  return {
    raw: q,
    words,
    groups,
    corrections: words.flatMap((word) => (corrections.get(word)?.length ? [{ word, suggestions: corrections.get(word)! }] : [])),
    citySlugs: city?.slugs ?? [],
  }
}

const CITY_SPAN_WORDS = 3

/** The longest run of query words that names a city with venues ('washington dc', 'seatle'), or null. */
function citySpan(words: string[], index: Awaited<ReturnType<typeof cityIndex>>) {
  for (let length = Math.min(CITY_SPAN_WORDS, words.length); length >= 1; length--)
    for (let start = 0; start + length <= words.length; start++) {
      const match = index.resolve(words.slice(start, start + length).join(' '))
      const city = match?.cities[0]
      if (!match || !city) continue
      const nameWords = queryWords(normalizeCityName(city.name))
      if (nameWords.length) return { start, end: start + length, nameWords, slugs: [...new Set(match.cities.map((c) => c.slug))] }
    }
  return null
}

/**
 * For each word that is not itself in the vocabulary, the closest vocabulary words. `%` uses the
 * GIN trigram index with pg_trgm's default similarity_threshold (0.3) as a coarse filter; the
 * stricter CORRECTION_MIN_SIMILARITY then keeps only real near-misses.
 */
async function correctWords(words: string[]): Promise<Map<string, string[]>> {
  const candidates = words.filter((w) => w.length >= 3 && !/^\d+$/.test(w))
  const map = new Map<string, string[]>()
  if (!candidates.length) return map
  const result = await db.execute(sql`
    select w.word, t.term
    from (values ${sql.join(
      candidates.map((w) => sql`(${w}::text)`),
      sql`, `,
    )}) as w(word)
    cross join lateral (
      select term, similarity(term, w.word) as sim
      from search_terms
      where term % w.word and term <> w.word
      order by sim desc, term
      limit ${CORRECTIONS_PER_WORD}
    ) t
    where t.sim >= ${CORRECTION_MIN_SIMILARITY}
      and not exists (select 1 from search_terms known where known.term = w.word)
    order by w.word, t.sim desc, t.term`)
  for (const row of (result as unknown as { rows: { word: string; term: string }[] }).rows) {
    const list = map.get(row.word) ?? []
    list.push(row.term)
    map.set(row.word, list)
  }
  return map
}

export function tsqueryFor(text: TextQuery, matched: 'all' | 'any') {
  return text.groups.join(matched === 'all' ? ' & ' : ' | ')
}
