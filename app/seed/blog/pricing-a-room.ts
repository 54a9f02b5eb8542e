import type { PostSource } from './types'

export const pricingARoom: PostSource = {
  slug: 'pricing-your-room-day-rates-and-door-deals',
  title: 'Pricing Your Room: Day Rates, Door Deals and Minimums',
  excerpt:
    'A venue owner’s guide to setting a day rate that covers your costs, when a door deal makes more sense, and how to price weeknights without giving the room away.',
  authorName: 'Priya Natarajan',
  tags: ['venue owners', 'pricing', 'business'],
  publishedAt: '2026-03-25T14:00:00Z',
  body: `Most venue owners set their first day rate by asking what the room down the street charges. That is a start, but it skips the question that matters: what does it cost you to open the doors?

## Know your cost to open

Add up what a typical show night costs before a single ticket is sold:

- **Staff**: door, security, bar, sound engineer, lighting, a manager on duty.
- **Utilities and cleaning** for the hours the room is open.
- **Fixed overhead** per night: rent or mortgage, insurance and licences divided by the nights you realistically run shows.
- **Wear and tear** on the PA, backline and furniture.

That total is your floor. A day rate below it means you are paying to host the show, which is sometimes a fair marketing cost and usually not.

## The three common deals

**Flat day rate.** The organizer pays a fixed amount for the room, usually with standard staff included. It suits private events, showcases and promoters who want to keep the ticket revenue. It is predictable for you and easy to compare for them.

**Door deal.** The venue takes a share of ticket sales instead of, or on top of, a smaller rental fee. Door deals reward good shows and protect new acts, but you carry the risk of an empty room. They work best when your bar does real business on show nights.

**Minimum bar spend.** Common in bars and breweries: the room is free or cheap as long as the bar reaches an agreed total. Be clear about what happens if it falls short, and put it in the offer.

## Price the calendar, not just the room

Demand is not flat across the week. A sensible structure:

- **Friday and Saturday**: full rate; these nights sell.
- **Thursday and Sunday**: 10 to 25 percent lower.
- **Monday to Wednesday**: your floor, or a door deal that covers staff.
- **Holidays and festival weekends**: a premium, announced early.

Round your published rates to clean numbers, for example to the nearest $25 or $50. Bookers compare dozens of rooms, and a rate of $1,250 is easier to work with than $1,237.

## Be transparent about what is included

Nothing sours a relationship like a surprise on the settlement sheet. List what the rate covers (house PA, lights, an engineer, security for a given headcount) and what is extra (additional security, a second engineer, cleaning after a messy show). Organizers planning tours compare the total cost per night, so clear inclusions make your room easier to say yes to.

## Check the market, then review every quarter

Look at what comparable rooms in your city list on [venue search](/search): same type, similar capacity. If yours is higher, make sure the listing explains why: better sound, a green room, a location on a busy strip. Review your pricing every quarter against your actual nights and adjust one thing at a time.

**The takeaway:** start from your cost to open, pick the deal type that fits the show, price weeknights to get booked and say plainly what the rate includes. A room that is fairly and clearly priced fills faster than a cheap one with hidden extras.
`,
}
