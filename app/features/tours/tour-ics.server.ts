import { createEvents, type EventAttributes } from 'ics'
import { addDays, formatUsd, type Plan } from '~/planner'

// The whole tour as an iCalendar file: one all-day event per show and one per travel leg (on the
// day the crew leaves). Dates are calendar days, so all-day events carry no time zone.

type DayArray = [number, number, number]
const day = (iso: string): DayArray => iso.split('-').map(Number) as DayArray

export type TravelLeg = {
  from: string
  to: string
  mode: string
  km: number
  hours: number
  cost: number
  departs: string
  arrives: string
}

/** Legs with their dates: leave after the previous show (or on the show day when it fits). */
export function travelLegs(plan: Plan): TravelLeg[] {
  return plan.stops.flatMap((stop, i) => {
    const leg = plan.legs[i - 1]
    if (i === 0 || !leg) return []
    return [
      {
        from: leg.from,
        to: leg.to,
        mode: leg.mode,
        km: Math.round(leg.km),
        hours: leg.hours,
        cost: Math.round(leg.cost),
        departs: addDays(stop.date, -stop.travelDays),
        arrives: stop.date,
      },
    ]
  })
}

export function tourCalendar(plan: Plan, name: string, url: string): string {
  const events: EventAttributes[] = []
  for (const [i, s] of plan.stops.entries()) {
    events.push({
      uid: `show-${s.venue.id}-${s.date}@stagepass`,
      start: day(s.date),
      end: day(addDays(s.date, 1)),
      title: `Show ${i + 1}: ${s.city} at ${s.venue.name}`,
      description: `${name}. Venue fee ${formatUsd(s.price)}. ${s.reason}`.trim(),
      location: `${s.venue.name}, ${s.city}`,
      geo: { lat: s.venue.lat, lon: s.venue.lng },
      url,
      status: 'TENTATIVE',
      productId: 'stagepass/tour-planner',
      calName: name,
    })
  }
  for (const leg of travelLegs(plan)) {
    events.push({
      uid: `travel-${leg.from}-${leg.to}-${leg.departs}@stagepass`.replace(/[^A-Za-z0-9@.-]/g, '-'),
      start: day(leg.departs),
      end: day(addDays(leg.departs, 1)),
      title: `Travel: ${leg.from} → ${leg.to} (${leg.mode})`,
      description: `${leg.km.toLocaleString('en-US')} km, about ${leg.hours.toFixed(1)} h, ${formatUsd(leg.cost)}.`,
      productId: 'stagepass/tour-planner',
      calName: name,
    })
  }
  if (events.length === 0) throw new Error('A tour without shows has no calendar.')
  const { error, value } = createEvents(events)
  if (error || !value) throw error ?? new Error('Could not build the calendar.')
  return value
}
