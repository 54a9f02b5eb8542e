// The words for a venue's reply figures, on cards, venue pages and the owner's dashboard.
import { plural } from './words'

/** A venue's reply time is told once this many of its requests and questions count; fewer say too little. */
export const MIN_REPLY_SAMPLE = 3

/**
 * 'Usually replies within 3 hours' (the venue's own median), 'New on Stagepass' (nothing to count
 * yet), or null (mostly unanswered, or too few to tell).
 */
export function replyBadge(venue: { claimed: boolean; replyConsidered: number; replyHours: number | null }) {
  if (!venue.claimed) return null
  if (venue.replyConsidered === 0) return 'New on Stagepass'
  if (venue.replyHours === null || venue.replyConsidered < MIN_REPLY_SAMPLE) return null
  return `Usually replies within ${plural(venue.replyHours, 'hour')}`
}

/** Search's 'Replies within a day' keeps venues whose median reply is at most this many hours. */
export const REPLIES_WITHIN_A_DAY_HOURS = 24

export type ResponseFigures = { considered: number; rate: number | null; medianMs: number | null }

/** 'Responds to 92% of requests and questions, usually within 3 hours', or 'New on Stagepass'. */
export function describeResponse(stats: ResponseFigures) {
  if (stats.rate === null) return 'New on Stagepass'
  const percent = `Responds to ${Math.round(stats.rate * 100)}% of requests and questions`
  if (stats.medianMs === null) return percent
  const hours = stats.medianMs / 3_600_000
  const within =
    hours < 1
      ? 'within an hour'
      : hours < 24
        ? `within ${plural(Math.ceil(hours), 'hour')}`
        : `within ${plural(Math.ceil(hours / 24), 'day')}`
  return `${percent}, usually ${within}`
}

/** What would improve an owner's figures, from the figures and what is waiting now. */
export function replyTips(stats: ResponseFigures, waiting: { requests: number; questions: number }) {
  const tips: string[] = []
  const open = waiting.requests + waiting.questions
  if (open > 0)
    tips.push(`Answer what is waiting (${open} open): every request and question counts, and one left to expire counts as never answered.`)
  if (stats.rate === null)
    tips.push('Your figures appear after your first answered request or question; until then cards say New on Stagepass.')
  else if (stats.rate < 0.9)
    tips.push('Answer at least 9 in 10: a decline with a reason counts as an answer, and organizers can plan around it.')
  if (stats.medianMs !== null && stats.medianMs > 24 * 3_600_000)
    tips.push('Reply within a day: search can keep to venues that usually reply within a day, and sorts by fastest replies.')
  if (stats.rate !== null && stats.medianMs === null)
    tips.push('More than half of your requests and questions went unanswered, so cards show no reply time.')
  if (tips.length === 0) tips.push('Your replies are quick and steady: keep answering within the day.')
  return tips
}
