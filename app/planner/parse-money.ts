// The money model's two inputs as bookers write them (docs/planner.md "The money model"): the
// ticket price ('$25 tickets', 'tix 15 bucks', 'make tickets $30') and the tickets expected a night
// ('expect about 150 a night'). Read before the budget and the draw, so '$25 tickets' is never a
// budget and '150 a night' never a draw; each consumes what it reads (Masked).
import type { Masked } from './parse-text'

const TICKET = String.raw`(?:tickets?|tix|ticket\s+prices?|admission|cover(?:\s+charge)?|door\s+price)`
const DOLLARS = String.raw`(?:bucks|dollars?|usd)`
const ABOUT = String.raw`(?:about|around|roughly|maybe|approx(?:imately)?|like|~)\s*`
const NIGHT = String.raw`(?:a|per|each|every)\s+(?:night|show|gig|date)`

const TICKET_RES: RegExp[] = [
  // '$25 tickets', '$25 a ticket', '$25/ticket', '$20 cover', '$25 per head'
  new RegExp(
    String.raw`\$\s?(\d{1,5})(?:\.00)?\s*(?:-\s*)?(?:(?:a|per|\/)\s*(?:ticket|head)|${TICKET}|adv(?:ance)?(?:\s+tickets?)?)\b`,
    'i',
  ),
  // '25 dollar tickets', '15 bucks a ticket', '25-dollar tix'
  new RegExp(String.raw`\b(\d{1,5})[\s-]*${DOLLARS}\s*(?:(?:a|per|\/)\s*(?:ticket|head)|${TICKET})\b`, 'i'),
  // 'tickets $30', 'tix 15 bucks', 'tickets at $25', 'ticket price of 25', 'make tickets $30'
  new RegExp(
    String.raw`\b${TICKET}\s*(?:(?:are|is|at|of|for|to|will\s+be|cost|costs?|priced\s+at|go\s+for)\s+|[:=@]\s*)?(?:${ABOUT})?\$\s?(\d{1,5})\b`,
    'i',
  ),
  new RegExp(
    String.raw`\b${TICKET}\s*(?:(?:are|is|at|of|for|to|will\s+be|cost|costs?|priced\s+at|go\s+for)\s+|[:=@]\s*)?(\d{1,5})\s*${DOLLARS}\b`,
    'i',
  ),
  new RegExp(String.raw`\bticket\s+prices?\s*(?:(?:is|of|at|to)\s+|[:=]\s*)?(\d{1,5})\b`, 'i'),
]

/** The ticket price the booker wrote, in dollars, or null. */
export function extractTicketPrice(t: Masked): number | null {
  for (const re of TICKET_RES) {
    const m = t.take(re)
    if (m?.[1]) return Number(m[1])
  }
  return null
}

const ATTENDANCE_RES: RegExp[] = [
  // 'expect about 150 a night', 'expecting 200 per show', 'we should sell around 120 tickets a night'
  new RegExp(
    String.raw`\b(?:expect(?:ing)?|figure|count\s+on|(?:should\s+|could\s+|will\s+|can\s+)?sell(?:ing)?)\s+(?:to\s+sell\s+)?(?:${ABOUT})?(\d{1,6})(?:ish)?\s*(?:people|fans|heads|tickets|paid|tix)?\s*${NIGHT}\b`,
    'i',
  ),
  // '150 tickets a night', '120 paid per show'
  new RegExp(String.raw`\b(?:${ABOUT})?(\d{1,6})(?:ish)?\s+(?:tickets|tix|paid(?:\s+tickets)?)\s+${NIGHT}\b`, 'i'),
  // 'expected attendance 150', 'attendance of about 200'
  new RegExp(String.raw`\b(?:expected\s+)?attendance\s*(?:(?:of|is|around|about)\s+|[:=]\s*)?(?:${ABOUT})?(\d{1,6})\b`, 'i'),
]

/** The tickets the booker expects to sell a night, or null. */
export function extractAttendance(t: Masked): number | null {
  for (const re of ATTENDANCE_RES) {
    const m = t.take(re)
    if (m?.[1]) return Number(m[1])
  }
  return null
}
