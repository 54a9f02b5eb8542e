import type { PostSource } from './types'

export const routingATour: PostSource = {
  slug: 'how-to-route-a-tour-without-burning-out',
  title: 'How to Route a Tour Without Burning Out',
  excerpt:
    'Anchor dates, sensible drive times and a day off before you need it: a practical method for turning a list of cities into a tour you can actually play.',
  authorName: 'Dana Whitfield',
  tags: ['touring', 'routing', 'planning'],
  publishedAt: '2026-01-14T15:00:00Z',
  body: `Every tour starts as a wish list of cities. The work is turning that list into a sequence of nights that makes sense on a map, on a calendar and in a van. Here is the method we see working for independent artists, whether the run is five dates or thirty.

## Start with anchors, not with a map

An **anchor** is a date you would build the tour around even if nothing else came through: a festival slot, a hometown record release, an opening spot for a bigger act, a Saturday in the city where you sell the most tickets. Write those down first, with their exact dates. Everything else gets routed between them.

Anchors keep you from the classic mistake of booking a beautiful loop that misses the one show that would have paid for the whole trip.

## Keep drives under five hours on show days

On a show day you need to load out of a hotel, drive, eat, load in, soundcheck and still have something left for the set. As a rule of thumb:

- **Under 4 hours** of driving on a show day is comfortable.
- **4 to 6 hours** is doable a few times a week, not every day.
- **More than 6 hours** should be a travel day with no show.

Remember that drive-time estimates assume no traffic, no fuel stops and no one needing lunch. Add 20 percent in your head.

## Fill the gaps with secondary markets

Between two anchors that are eight hours apart, look for the city in the middle. Secondary markets are often the best nights of a tour: smaller rooms, fewer competing shows and audiences who are glad you stopped. Search for rooms along the route on [venue search](/search), filter by capacity so you are not trying to fill a 1,200-cap club on a Tuesday, and note which ones list a PA and backline so you can travel lighter.

## Think in days of the week

Fridays and Saturdays sell themselves in most cities; Mondays and Tuesdays rarely do. Route so your weekend nights land in your strongest markets and your weeknights land in college towns or cities with a strong weeknight scene. If a Sunday has to be a show, make it a matinee or an early doors night.

## Schedule the day off before you need it

A day off every six to eight shows is not a luxury. It is where you do laundry, fix the broken pedal and let your voice recover. Put it somewhere pleasant and cheap, ideally after the longest drive of the week.

## Check the route against the budget

A route that looks efficient can still lose money: hotel prices in big cities, tolls, ferry crossings and a long dead-head back home all add up. Our [AI tour planner](/ai-tour-planner) orders the stops to minimise driving, schedules dates around travel time and shows a cost breakdown against your budget, with suggestions when you are over. Use it to test two or three versions of the same run before you send a single hold request.

## Hold dates in the right order

Once the route is settled, request holds for anchors first, then the hardest-to-get rooms, then the flexible ones. If a key date falls through, you can shift the secondary dates around it instead of rebuilding the whole tour.

**The short version:** anchors first, short drives on show days, weekends in strong markets, a day off every week and a budget check before you commit. Do that and the tour you book is one you can still enjoy in week three.
`,
}
