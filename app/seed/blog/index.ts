import { accessibleShows } from './accessible-shows'
import { advancingAShow } from './advancing-a-show'
import { choosingCapacity } from './choosing-capacity'
import { fillingEmptyDates } from './filling-empty-dates'
import { holdsAndOffers } from './holds-and-offers'
import { pricingARoom } from './pricing-a-room'
import { routingATour } from './routing-a-tour'
import { tourBudget } from './tour-budget'
import type { PostSource } from './types'

/** In publication order. */
export const POSTS: PostSource[] = [
  routingATour,
  holdsAndOffers,
  pricingARoom,
  advancingAShow,
  fillingEmptyDates,
  accessibleShows,
  tourBudget,
  choosingCapacity,
]
