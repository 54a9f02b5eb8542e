import type { PostSource } from './types'

export const fillingEmptyDates: PostSource = {
  slug: 'filling-empty-dates-without-discounting',
  title: 'Filling Empty Dates Without Discounting Your Room',
  excerpt:
    'Dark nights cost money. Here are the ways venue owners fill weeknights and last-minute gaps without training bookers to wait for a fire sale.',
  authorName: 'Priya Natarajan',
  tags: ['venue owners', 'marketing', 'calendar'],
  publishedAt: '2026-06-17T15:00:00Z',
  body: `A dark night is not free. Your rent, insurance and minimum staff cost the same whether the stage is lit or not. The obvious fix is to cut the price, but discounting every gap teaches bookers that waiting pays. Here are better ways to fill the calendar.

## Keep your availability current

Organizers routing a tour look for open dates first and everything else second. If your calendar is out of date, you lose the inquiry before it is written. Block dates the moment they confirm and release holds the moment they lapse. A venue with an accurate calendar on its [listing](/search) looks more professional than one with a better sound system and a stale calendar.

## Know where your gaps come from

Look back over six months and sort your dark nights:

- **Structural gaps**: the same weeknights are empty every week.
- **Seasonal gaps**: January, late August, the week after a holiday.
- **Fallout gaps**: dates that were held or confirmed and then cancelled.

Each needs a different answer.

## Structural gaps: build a recurring night

A standing weekly night gives local artists a home and regulars a habit. Ideas that work:

- A **songwriter round** on Mondays, with three or four writers sharing the stage.
- A **jazz or open jam night** with a house band.
- A **comedy showcase** with a rotating host.
- A **local band residency**: the same act every Wednesday for a month.

Recurring nights rarely make a fortune, but they cover staff, sell drinks and keep the room in people's minds.

## Seasonal gaps: sell the room differently

When shows are scarce, rent to people who are not promoters: album listening parties, podcast tapings, film screenings, workshops, private parties, corporate team nights. List those uses in your description and add the amenities that support them, such as a projector or a kitchen.

## Fallout gaps: make the last-minute offer easy

When a date falls through two or three weeks out, touring acts passing through are your best bet. They need a show on that night and can confirm quickly. Make it easy:

- Post the open date and a clear, fair deal, such as a door deal with a modest guarantee.
- Say what is included so no one has to write back to ask.
- Respond fast. Last-minute booking is won by whoever answers first.

## Price with structure, not panic

If you do lower a price, do it by rule, not by mood: for example, a published weeknight rate and a standard door deal for dates under 21 days out. Bookers can plan around rules. They cannot plan around a room that is expensive one week and half price the next.

## Work with promoters and organizers

Tell the promoters who already use your room which dates are open. Organizers planning multi-city runs with the [tour planner](/ai-tour-planner) look for rooms with availability that fits a route; a clear calendar and an honest rate put you in that plan.

**In short:** keep the calendar accurate, fix structural gaps with recurring nights, sell the room for more than concerts in slow seasons and make last-minute dates quick to say yes to.
`,
}
