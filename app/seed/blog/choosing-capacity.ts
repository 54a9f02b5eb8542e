import type { PostSource } from './types'

export const choosingCapacity: PostSource = {
  slug: 'choosing-the-right-capacity',
  title: 'Pick the Room You Can Sell Out',
  excerpt:
    'Why a packed small room beats a half-empty big one, how to estimate your draw in each city, and how to choose venue capacity for every stop of a tour.',
  authorName: 'Sam Kowalczyk',
  tags: ['organizers', 'venues', 'ticketing'],
  publishedAt: '2026-10-21T14:00:00Z',
  body: `The most common booking mistake is not a bad venue. It is the right kind of venue at the wrong size. A 300-capacity club with 280 people in it feels like an event; the same 280 people in a 900-capacity ballroom feel like a rehearsal. Here is how to pick the room you can fill.

## Estimate your draw city by city

Your draw is not one number. It varies by city, by night of the week and by what else is on. Build an estimate for each stop from evidence:

- **Past ticket sales** in that city, if you have played it before.
- **Streaming listeners** by city, discounted heavily: a few percent of local monthly listeners is a typical conversion.
- **Mailing list and social followers** in the area.
- **The support act's draw**, if they are local.

Take the middle of your estimate, not the top. Then choose a room where that number is **70 to 100 percent of capacity**.

## Why smaller often earns more

A sold-out small room has advantages that do not show in the headline ticket count:

- Lower day rates and staffing costs.
- Better atmosphere, which sells merch and brings people back next time.
- A "sold out" announcement, which is free marketing for the next tour.
- Less risk: if sales are slow, you are not paying for a big empty room.

Upgrading the room next year because you sold out this year is a good story. Downgrading is not.

## Match the type to the show

Capacity is not the only fit. A quiet acoustic set suits a church, a gallery or a seated theater better than a club with a loud bar. A dance-heavy electronic night needs a sound system and a floor, so look at clubs and warehouses. Family-friendly or daytime shows often work best at breweries and outdoor spaces.

On [venue search](/search) you can filter by city, type and capacity at once, which makes it quick to shortlist two or three rooms per stop at the right size.

## Watch the sightlines and the floor

Published capacity is usually the fire-code maximum for standing. Ask the venue:

- What is the **seated** capacity if you need chairs?
- How much of the floor is taken by the **stage and production**?
- Are there **obstructed views** from pillars or the bar?

A room that holds 500 on paper may sell 380 good tickets once your production is in.

## Plan for growth within a tour

Your draw often rises through a tour as word spreads, and it is usually strongest in your home region. It is fine for capacities to vary a lot from stop to stop: a 150-cap bar in a small college town and a 600-cap ballroom in your best city can sit on the same run.

## Use the data afterwards

After each show, write down the capacity, tickets sold and the night of the week. Over two or three tours this becomes your most valuable booking tool. When you plan the next run with the [tour planner](/ai-tour-planner), set the guest count per city from that history rather than from hope.

**The rule:** estimate draw honestly, book where that draw fills 70 to 100 percent of the room, and let demand, not optimism, move you up in size.
`,
}
