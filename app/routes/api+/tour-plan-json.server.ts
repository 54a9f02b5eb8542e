import { cityLabel, tourPlannerUrl, WEEKDAY_PARAM_CODES } from '~/features/tours/tour-planner-url'
import type { Criteria, Plan } from '~/planner'
import type { PlanResult } from '~/features/tours/tour-planning.server'
import type { SavedPlan } from '~/features/tours/tours.server'

/** A saved plan as the API shows it; `plannerUrl` reopens it in the planner. */
export function tourPlanJson(p: SavedPlan, { full = true }: { full?: boolean } = {}) {
  return {
    id: p.id,
    name: p.name,
    budget: p.budget,
    totalCost: p.totalCost,
    startDate: p.startDate,
    endDate: p.endDate,
    cities: p.cities,
    venueIds: p.venueIds,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    plannerUrl: tourPlannerUrl(p.criteria),
    ...(full ? { criteria: p.criteria, plan: p.plan } : {}),
  }
}

/** The understood criteria as the API shows them: cities in tour order and every field by its plain name. */
export function criteriaJson(c: Criteria) {
  return {
    cities: c.cities.map(cityLabel),
    startDate: c.startDate,
    days: c.durationDays,
    shows: c.showCount,
    guests: c.guestCount || null,
    budget: c.setFields.includes('budget') ? c.budget : null,
    travelMode: c.travelMode,
    crew: c.crewSize,
    eventType: c.eventType,
    genres: c.preferences.genres,
    venueTypes: c.preferences.venueTypes,
    amenities: c.preferences.amenities,
    homeCity: c.homeCity,
    returnHome: c.returnHome,
    keepOrder: c.keepOrder,
    startCity: c.startCity,
    endCity: c.endCity,
    regions: c.regions,
    restEvery: c.daysOff.everyNShows,
    noShowWeekdays: c.daysOff.weekdays.map((d) => WEEKDAY_PARAM_CODES[d]),
    maxTravelHoursPerDay: c.maxTravelHoursPerDay,
    priority: c.priority,
    excludedStates: c.exclude.states,
    excludedCities: c.exclude.cities,
    minShows: c.minShows,
    lastShowBy: c.endDate && !c.endExact ? c.endDate : null,
    lastShowOn: c.endDate && c.endExact ? c.endDate : null,
    datedCities: c.pins,
    drawByCity: c.guestsByCity,
    plannerUrl: tourPlannerUrl(c),
  }
}

/** A plan with each chosen venue reduced to what a client needs (no calendars). */
export function planJson(p: Plan) {
  return {
    ...p,
    stops: p.stops.map(({ venue, ...stop }) => ({
      ...stop,
      venue: {
        id: venue.id,
        name: venue.name,
        city: venue.city,
        stateCode: venue.stateCode,
        lat: venue.lat,
        lng: venue.lng,
        capacity: venue.capacity,
        price: stop.price,
        venueType: venue.venueType,
        genres: venue.genres,
      },
    })),
  }
}

export function plannedTourJson(r: PlanResult, warnings: string[], understanding: { notUnderstood: string[]; assumptions: string[] }) {
  return {
    criteria: criteriaJson(r.criteria),
    constraints: r.constraints,
    plan: planJson(r.plan),
    alternative: r.alternative ? planJson(r.alternative) : null,
    changes: r.changes,
    unmet: r.unmet,
    notUnderstood: understanding.notUnderstood,
    assumptions: understanding.assumptions,
    warnings,
  }
}
