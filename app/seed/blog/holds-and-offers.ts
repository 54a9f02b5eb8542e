import type { PostSource } from './types'

export const holdsAndOffers: PostSource = {
  slug: 'holds-challenges-and-offers-explained',
  title: 'Holds, Challenges and Offers, Explained',
  excerpt:
    'What a first hold really means, how a challenge works and what belongs in a written offer: the booking vocabulary every organizer and venue owner should share.',
  authorName: 'Marcus Oyelaran',
  tags: ['booking', 'venues', 'organizers'],
  publishedAt: '2026-02-18T16:00:00Z',
  body: `Booking a show is a conversation about one date that several people want. The industry handles that with a small vocabulary that confuses almost everyone the first time. Here is what the words mean and how to use them fairly.

## Holds

A **hold** is a placeholder on a venue's calendar. It says "this organizer is interested in this date" without committing anyone to anything. Holds are ranked in the order they were requested:

1. **First hold**: the first in line. If they confirm, the date is theirs.
2. **Second hold**: next in line if the first releases.
3. **Third and later holds**: further back, and mostly useful as a signal that a date is popular.

A hold costs nothing, which is why it is easy to abuse. Good practice on both sides:

- Organizers should only hold dates they are genuinely routing toward, and release them as soon as the route changes.
- Venues should put an expiry on holds (two to four weeks is common) and remind the holder before it lapses.

## Challenges

A **challenge** happens when someone on a lower hold is ready to confirm. The venue tells the first hold: "You have been challenged; confirm within 24 or 48 hours or release the date." The first hold either confirms with a real offer or steps aside.

Challenges keep calendars moving. Without them, a speculative first hold can block a date that someone else would have booked months ago. If you are challenged and not ready, release gracefully. Venues remember who plays fair.

## Offers

An **offer** is the written version of the deal. Whatever the format, a complete offer answers these questions:

- **Date, doors, set times and curfew.**
- **Deal type**: flat day rate, guarantee, guarantee versus percentage, or a door split.
- **Who pays for what**: sound engineer, security, box office fees, hospitality, house PA and lights.
- **Ticket price and capacity**, including any comps or holds for the venue.
- **Settlement**: when and how the money changes hands on the night.
- **Cancellation terms** for both sides, including weather for outdoor shows.

If something is not written down, assume it will be argued about at 1 a.m. during settlement.

## Confirmation

A date is **confirmed** when both sides have agreed to the offer and any deposit has been paid. Only then should tickets go on sale. Announcing before confirmation is how tours end up with two shows on the same night in the same city.

## How this maps to Stagepass

When you request a date on a venue page, the owner sees it as an inquiry and can accept, decline or counter. Accepted bookings block the calendar, so double bookings are impossible by design. Organizers can compare options across cities with [venue search](/search) before requesting anything, and venue owners can [claim their listing](/venues) to manage requests in one place instead of a dozen email threads.

**A simple rule for everyone:** hold what you mean, release what you do not, answer challenges quickly and put every deal in writing.
`,
}
