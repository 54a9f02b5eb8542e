import type { ComponentType } from 'react'
import FilterFields from './search/filter-fields'
import { AvailabilityMonth } from './venue/availability-calendar'

/** The server's components of the pages' islands (server-island.tsx), by the name each island gives. */
export const serverIslands: Readonly<Record<string, ComponentType<never>>> = {
  'search-filters': FilterFields,
  'availability-month': AvailabilityMonth,
}
