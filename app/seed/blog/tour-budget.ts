import type { PostSource } from './types'

export const tourBudget: PostSource = {
  slug: 'building-a-tour-budget-that-survives-the-road',
  title: 'Building a Tour Budget That Survives the Road',
  excerpt:
    'Venue costs, travel, lodging and the per-day costs everyone forgets: a line-by-line way to budget a tour, and what to cut first when the numbers do not work.',
  authorName: 'Marcus Oyelaran',
  tags: ['touring', 'budget', 'planning'],
  publishedAt: '2026-09-16T15:30:00Z',
  body: `Tours rarely go broke because of one big expense. They go broke because of dozens of small ones that nobody wrote down. A budget does not need to be complicated; it needs to be complete and honest.

## Split costs into four buckets

**1. Venue costs.** Day rates or rental fees, plus anything the offer puts on you: sound engineer, security, box office fees, cleaning. For door deals, budget the guarantee, not the hoped-for split.

**2. Travel.** Fuel, tolls, parking, vehicle rental or wear on your own van, and flights if any leg needs them. Work out fuel from real distance and your vehicle's real consumption, not the brochure figure. Add 15 percent for detours and wrong turns.

**3. Lodging.** Hotel rooms per night, times the number of rooms you actually need. Big cities cost two or three times what smaller markets do; routing through a suburb can save hundreds.

**4. Per-day costs.** Food, per diems, phone data, laundry, strings and drumheads, small repairs. These are the ones that vanish from spreadsheets and reappear on credit cards.

## Budget the days off too

A tour costs money every day, not only on show days. Lodging, food and the vehicle still cost money on a day off. Count every day from departure to return and apply per-day costs to all of them.

## Put realistic income next to it

Estimate income per show conservatively:

- Guarantees or flat fees you have in writing.
- Door income at 50 to 60 percent of capacity, not a sellout.
- Merch at a cautious spend per head, minus venue percentage and the cost of goods.

If the tour only works at a sellout every night, it does not work.

## When you are over budget

Cut in this order, because it protects the show:

1. **Change the route** to remove long dead-head drives or expensive overnight stops.
2. **Swap a room for a smaller one** in weaker markets. A full 200-cap room beats a quarter-full 800-cap one on every measure.
3. **Move weekend nights** to your strongest markets and ask for better terms there.
4. **Share rooms** and book lodging outside city centres.
5. **Drop a date** that loses money even in the best case.

What not to cut: sleep, food and the vehicle's maintenance. A breakdown or a sick singer costs more than any hotel.

## Let the planner do the arithmetic

Our [AI tour planner](/ai-tour-planner) picks a venue per city by capacity, type, availability and price, orders the stops to minimise travel and produces a breakdown of venue, travel, lodging and per-day costs against your budget. When you are over, it suggests concrete changes, such as a smaller room or a different order. Try the [voice planner](/ai-tour-planner/voice) if you would rather talk it through while you drive (not while you are the one driving).

## Track it on the road

Keep a simple shared log of every expense, with a photo of the receipt. Ten minutes after settlement each night is enough. By the end of the first week you will know whether the budget was right, and the next tour's budget will be better.

**Bottom line:** four buckets, every day counted, conservative income and a clear order of cuts. A tour that is honest about money is one you get to do again.
`,
}
