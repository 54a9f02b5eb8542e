import type { PostSource } from './types'

export const advancingAShow: PostSource = {
  slug: 'advancing-a-show-checklist',
  title: 'Advancing a Show: The Checklist That Saves Your Night',
  excerpt:
    'Load-in times, stage plots, hospitality and settlement: what to confirm with the venue a week before the show so nothing surprises you on the day.',
  authorName: 'Sam Kowalczyk',
  tags: ['touring', 'production', 'checklists'],
  publishedAt: '2026-05-06T13:30:00Z',
  body: `**Advancing** a show means confirming every practical detail with the venue before you arrive. It is the least glamorous part of touring and the one that decides whether the day runs smoothly. Start the advance seven to ten days out and finish it no later than two days before the show.

## Who to talk to

Ask the venue for the right contact for each topic. In a small bar it is one person; in a theater it may be a production manager, a box office manager and a hospitality coordinator. Put all of them on one email thread so answers do not get lost.

## Schedule

Confirm, in writing:

- **Load-in time** and where to park the vehicle while loading.
- **Soundcheck** order and length for every act on the bill.
- **Doors, set times and curfew**, including any hard stop for neighbours or a second show.
- **Load-out**: how long you have and whether the room is turning over for a late event.

If the schedule is tight, ask for it again on the morning of the show. Times drift.

## Production

Send your **stage plot** and **input list** with the first email, not the night before. Then confirm:

- What the house PA and monitors are, and how many mixes you get.
- Whether there is a house engineer, and whether they or yours mixes the show.
- Backline: what is provided and what you must bring. Never assume a drum kit.
- Power on stage, and anything special you run (projectors, hazers, in-ear systems).
- Stage dimensions and ceiling height, especially in churches and galleries.

## Money

The financial advance prevents the worst conversations at the end of the night:

- The deal as written in the offer, and who the settlement contact is.
- Ticket price, capacity, comps, and current sales.
- Merch: is there a table, who sells, and does the venue take a percentage?
- How you will be paid: check, transfer or cash, and whether tax forms are needed.

## Hospitality and logistics

- Green room or a place to change, Wi-Fi, and whether showers are available.
- Meals or a buyout, and any dietary needs.
- Guest list size and the deadline to submit it.
- Parking for the night and nearby places to stay.

## Access

Ask about step-free access for both the audience and the performers, accessible toilets, and whether there is a viewing area. If anyone on your team or in your audience needs accommodations, the advance is the time to sort it out, not the door.

## Keep a template

Once you have done this a few times, turn it into a reusable template and paste it into the first email to every venue. Keep venue answers next to the booking so you can find them on the road. Stagepass keeps venue details, amenities and contacts on each listing; check the [venue page](/search) before you write so you only ask what is not already there.

**Rule of thumb:** if you would be upset to discover it at load-in, confirm it in the advance.
`,
}
