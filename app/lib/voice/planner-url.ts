// The /ai-tour-planner query-string contract shared with the text planner (issue 7):
//   cities    separated by `|`, e.g. `cities=Austin, TX|Denver, CO`
//   startDate YYYY-MM-DD
//   days, budget, guests  whole numbers
//   genres    comma-separated
//   eventType, mode (the travel mode: drive, bus, train, fly)
// The planner pages read these to open the planner filled in. Kept in the voice module until the
// planner's own `tourPlannerUrl` (app/lib/tour-planner-url.ts) lands; both follow the same contract
// and this input type is a subset of that one's, so swapping the import is the whole merge.
import type { CityRef } from '~/planner'

export const PLANNER_PATH = '/ai-tour-planner'

export interface PlannerUrlInput {
  cities?: (string | CityRef)[]
  startDate?: string | null
  durationDays?: number | null
  budget?: number | null
  guestCount?: number | null
  genres?: string[]
  eventType?: string | null
  travelMode?: string | null
}

export function cityLabel(city: string | CityRef): string {
  if (typeof city === 'string') return city.trim()
  return city.stateCode ? `${city.name}, ${city.stateCode}` : city.name
}

const positive = (n: number | null | undefined) => typeof n === 'number' && Number.isFinite(n) && n > 0

/** `/ai-tour-planner?cities=...&startDate=...`; parameters are sent only when non-empty. */
export function tourPlannerUrl(input: PlannerUrlInput): string {
  const params = new URLSearchParams()
  const cities = (input.cities ?? []).map(cityLabel).filter(Boolean)
  if (cities.length) params.set('cities', cities.join('|'))
  if (input.startDate) params.set('startDate', input.startDate)
  if (positive(input.durationDays)) params.set('days', String(input.durationDays))
  if (positive(input.budget)) params.set('budget', String(input.budget))
  if (positive(input.guestCount)) params.set('guests', String(input.guestCount))
  if (input.genres?.length) params.set('genres', input.genres.join(','))
  if (input.eventType) params.set('eventType', input.eventType)
  if (input.travelMode) params.set('mode', input.travelMode)
  const qs = params.toString()
  return qs ? `${PLANNER_PATH}?${qs}` : PLANNER_PATH
}
