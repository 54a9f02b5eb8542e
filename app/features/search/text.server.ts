import { sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { normalizeCityName } from '~/planner/gazetteer'
import { cityIndex } from './city-catalogue.server'

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
  /** The query as searched when words were read as a city they misspell ('jazz club Seattle'), else null. */
  showing: string | null
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
  const [corrections, index, known] = await Promise.all([correctWords(words), cityIndex(), knownWords(words)])
  const groups = words.map((word) => {
    const alternatives = [`'${word}':*`, ...(corrections.get(word) ?? []).map((s) => `'${s}'`)]
    return alternatives.length > 1 ? `(${alternatives.join(' | ')})` : alternatives[0]!
  })
  const city = citySpan(words, index, known)
  let showing: string | null = null
  if (city) {
    const named = city.nameWords.map((w) => `'${w}'`).join(' & ')
    if (city.literal) {
      // Words that are the city's own name also match other venues that mention them.
      const spanned = groups.slice(city.start, city.end).join(' & ')
      groups.splice(city.start, city.end - city.start, `((${spanned}) | (${named}))`)
    } else {
      // A typo, a nickname or a name with its state means that city: matching the typo's near words as well
      // would bring rooms from anywhere ('seatle' is near 'seats' and 'seated').
      groups.splice(city.start, city.end - city.start, `(${named})`)
      if (city.corrected) showing = [...words.slice(0, city.start), city.name, ...words.slice(city.end)].join(' ')
    }
  }
  const spanned = (index: number) => city !== null && !city.literal && index >= city.start && index < city.end
  return {
    raw: q,
    words,
    groups,
    corrections: words.flatMap((word, i) =>
      corrections.get(word)?.length && !spanned(i) ? [{ word, suggestions: corrections.get(word)! }] : [],
    ),
    citySlugs: city?.slugs ?? [],
    showing,
  }
}

const CITY_SPAN_WORDS = 3

/** The longest run of query words that names a city with venues ('washington dc', 'seatle'), or null. */
function citySpan(words: string[], index: Awaited<ReturnType<typeof cityIndex>>, known: Set<string>) {
  for (let length = Math.min(CITY_SPAN_WORDS, words.length); length >= 1; length--)
    for (let start = 0; start + length <= words.length; start++) {
      const span = words.slice(start, start + length)
      const match = index.resolve(span.join(' '))
      const city = match?.cities[0]
      if (!match || !city) continue
      // A word venues use ('garden') is meant as written, not as a typo of a city ('Gardena').
      if (match.corrected && span.some((word) => known.has(word))) continue
      const nameWords = queryWords(normalizeCityName(city.name))
      // Literal: the words are the city's name as written ('seattle', 'new york'), not a reading of it.
      const literal = !match.corrected && words.slice(start, start + length).join(' ') === nameWords.join(' ')
      if (nameWords.length)
        return {
          start,
          end: start + length,
          nameWords,
          name: city.name,
          literal,
          corrected: match.corrected,
          slugs: [...new Set(match.cities.map((c) => c.slug))],
        }
    }
  return null
}

/** The query words that are in the vocabulary as they are. */
async function knownWords(words: string[]): Promise<Set<string>> {
  const result = await db.execute(
    sql`select term from search_terms where term in (${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )})`,
  )
  return new Set((result as unknown as { rows: { term: string }[] }).rows.map((row) => row.term))
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
