import type { PostSource } from './types'

export const accessibleShows: PostSource = {
  slug: 'accessibility-at-shows-is-a-booking-decision',
  title: 'Accessibility at Shows Is a Booking Decision',
  excerpt:
    'Step-free entry, viewing areas, quiet spaces and clear information: how organizers and venues can make a night out work for more of the audience.',
  authorName: 'Dana Whitfield',
  tags: ['accessibility', 'organizers', 'venues'],
  publishedAt: '2026-08-05T14:00:00Z',
  body: `About one in four adults in the United States lives with a disability. Some of them are in your audience already; many more would be if they could be sure the night would work for them. Accessibility is often treated as the venue's problem, but most of it is decided when the show is booked.

## Start with the room

When you compare venues, check access with the same care as capacity and price:

- **Step-free entry** from the street, and a step-free route to the main floor, the bar and the toilets.
- **Accessible toilets** that are actually available, not used as storage.
- A **viewing area** with a clear line of sight that is not behind the sound desk.
- **Seating** available on request at standing shows.
- **Parking or drop-off** close to the entrance.

On Stagepass, filter by the Wheelchair access amenity on [venue search](/search), then confirm the details with the owner. A ramp at the front door does not help if the stage and the toilets are downstairs.

## Publish the information

People with access needs mostly need to know before they buy. Put an access section on every event page and in ticket confirmations:

- How to get from the street to the room, with or without steps.
- Where the viewing area and seating are, and how to ask for them.
- Whether there are strobe lights, haze or very loud passages.
- Whether personal assistants go free, and how to request a companion ticket.
- A named contact who answers access questions before the show.

Vague wording such as "the venue is partly accessible" is worse than nothing. Be specific.

## Think beyond wheelchairs

Access needs vary widely:

- **Hearing**: a quiet spot away from the speakers, captioned announcements, and, where possible, an induction loop or assistive listening system for seated shows.
- **Vision**: clear signage, good lighting in entrances and stairways, and staff who can guide.
- **Sensory and neurodivergent audiences**: a quiet room or corner, earplugs at the bar, and set times published in advance so people can plan.
- **Chronic illness and fatigue**: seating, water, and in-and-out policies that allow a break.

## Include it in the advance

When you [advance the show](/blog/advancing-a-show-checklist), ask the venue about access for performers as well as audiences: a step-free route to the stage, an accessible green room, and where a performer who uses a wheelchair can load in. Touring musicians with disabilities are common, and a surprise staircase to the stage can cancel a set.

## Train the door

The people on the door and on the floor are the ones who make access work on the night. A short briefing before doors helps: where the viewing area is, who can leave and re-enter, and that a personal assistant's ticket is valid. Kindness is good; clear information is better.

## Ask and improve

After the show, ask for feedback in your follow-up email and act on it. Small changes, like a reserved spot at the rail or a clearer sign, add up over a season.

**The takeaway:** choose rooms that are accessible, publish specific information before tickets go on sale, plan for more than one kind of need and brief your staff. It is the right thing to do, and it sells tickets.
`,
}
