// What people type into the search box when they mean a city, misspelt or with a kind of room,
// and the city ('Name, ST') whose venues must come first. A single misspelt city must find that
// city's venues only: never rooms that matched an ordinary word the typo is close to ('seatle'
// is near 'seats' and 'seated'). Run on the seeded catalogue by tests/integration/search-cities.test.ts.
export type TextCase = {
  q: string
  city: string
  /** What the page says it searched for instead ('Showing results for …'), when it corrected. */
  showing: string | null
  /** Only that city's venues match (the whole query is the city). */
  only: boolean
}

export const TEXT_CORPUS: TextCase[] = [
  { q: 'seatle', city: 'Seattle, WA', showing: 'Seattle', only: true },
  { q: 'Seatle', city: 'Seattle, WA', showing: 'Seattle', only: true },
  { q: 'pittsburg', city: 'Pittsburgh, PA', showing: 'Pittsburgh', only: true },
  { q: 'cincinatti', city: 'Cincinnati, OH', showing: 'Cincinnati', only: true },
  { q: 'albuquerqe', city: 'Albuquerque, NM', showing: 'Albuquerque', only: true },
  { q: 'pheonix', city: 'Phoenix, AZ', showing: 'Phoenix', only: true },
  { q: 'philidelphia', city: 'Philadelphia, PA', showing: 'Philadelphia', only: true },
  { q: 'nashvile', city: 'Nashville, TN', showing: 'Nashville', only: true },
  { q: 'seattle', city: 'Seattle, WA', showing: null, only: false },
  { q: 'jazz club seatle', city: 'Seattle, WA', showing: 'jazz club Seattle', only: false },
  { q: 'theater in pittsburg', city: 'Pittsburgh, PA', showing: 'theater Pittsburgh', only: false },
]
