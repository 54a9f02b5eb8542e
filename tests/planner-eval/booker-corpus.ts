// The booker's corpus (issue 33): requests written the way agents, managers and bands write emails
// and texts, several constraints each, with what a tour manager would hold the plan to. Dates are
// absolute and were worked out by hand on a calendar (EVAL_TODAY is Tue, Dec 1 2026); the judge
// (booker-checks.ts) checks them with real weekdays and published road times, never the planner's
// model. A request the planner gets wrong stays here and counts as a failure.

export interface BookerExpect {
  /** Cities that must be played. */
  places?: string[]
  /** `places` in that order. */
  order?: boolean
  /** States never played. */
  no?: string[]
  /** Cities never played. */
  noCity?: string[]
  shows?: number | [number, number]
  /** City → the date it must be played. */
  on?: Record<string, string>
  /** First show within this inclusive range. */
  from?: [string, string]
  lastOn?: string
  endBy?: string
  /** Weekdays shows may fall on (0 = Sunday), by the real calendar. */
  only?: number[]
  first?: string
  lastCity?: string
  /** The tour ends with the way home to this city. */
  back?: string
  /** Places outside the US: named as not served, never a US namesake. */
  outside?: string[]
  /** Named cities without venues: reported with the nearest cities that have some, with drive times. */
  missing?: string[]
  /** City → its draw: the room holds at least that many. */
  draw?: Record<string, number>
  drawElsewhere?: number
  /** Hours of driving the booker allows between shows. */
  cap?: number
  /** No date given: the first show is a booker's lead time out (5 to 10 weeks) and the planner says so. */
  noDate?: boolean
  /** City → every date it must be played on (several nights in one city, a residency). */
  nights?: Record<string, string[]>
  /** Cities whose nights are all in one room. */
  sameRoom?: string[]
  /** At least this many days without a show between the first and the last show. */
  offDays?: number
  /** No more than this many shows on consecutive days. */
  maxRun?: number
  /** Every show within this many road hours of this city (judged on the road-time table). */
  within?: { of: string; hours: number }
  /** Part of a state ruled out, by latitude (the judge's own definition, not the planner's). */
  noArea?: { state: string; name: string; north?: number; south?: number }[]
}

export interface BookerTurn {
  say: string
  x: BookerExpect
}

export interface BookerCase {
  q: string
  x: BookerExpect
  turns?: BookerTurn[]
}

const WEEKEND = [5, 6, 0]
const FRI_SAT = [5, 6]

export const BOOKER_CASES: BookerCase[] = [
  // Exclusions: states, regions, cities and weekdays ruled out.
  {
    q: 'Looking at 10 shows across the South in March, avoid Texas, 200 cap rooms, we drive the van ourselves',
    x: { no: ['TX'], shows: 10, from: ['2027-03-01', '2027-03-10'] },
  },
  {
    q: 'southern run in April, no Texas at all please, 6 shows, about 150 a night, budget around $9k',
    x: { no: ['TX'], shows: 6, from: ['2027-04-01', '2027-04-10'] },
  },
  {
    q: 'Hey! 6 dates in the Southeast in May but skip Florida, we draw 120-150, no Mondays, budget around $8k all in, we are a 4-piece indie rock band',
    x: { no: ['FL'], shows: 6, only: [0, 2, 3, 4, 5, 6] },
  },
  { q: 'Booking a west coast swing for June, 5 shows, avoiding California this time, 300 cap, by van', x: { no: ['CA'], shows: [2, 5] } },
  {
    q: 'Midwest run in September - 6 shows, no Illinois (we just played Chicago), 250 people, driving',
    x: { no: ['IL'], shows: 6, from: ['2027-09-01', '2027-09-10'] },
  },
  {
    q: 'Could you route 5 shows in the Southwest in February? Not Arizona though. 200 cap, $7,500 total',
    x: { no: ['AZ'], shows: [3, 5] },
  },
  {
    q: 'east coast, 8 shows in October, stay out of New Jersey and Pennsylvania, we draw 300 - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { no: ['NJ', 'PA'], shows: 8 },
  },
  {
    q: 'Gulf coast run late March, 5 dates, nothing in Florida or Alabama please, 180 people, we are a trio, $6,000 total for the run, thanks!',
    x: { no: ['FL', 'AL'], shows: [2, 5] },
  },
  {
    q: 'Texas and Oklahoma in May, 6 shows but no Dallas (radius clause from our Dallas festival), 400 cap',
    x: { noCity: ['Dallas, TX'], shows: 6 },
  },
  {
    q: 'We want 7 shows in the Midwest in June, no Sundays or Mondays, and please avoid Ohio, 150 cap',
    x: { no: ['OH'], shows: 7, only: [2, 3, 4, 5, 6] },
  },
  {
    q: '5 shows in the Northeast in August, except New York, 200 people, we fly in and rent a van, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { no: ['NY'], shows: 5 },
  },
  {
    q: 'Need 6 shows in the South in October, excluding Louisiana and Mississippi, 250 cap, $10k, crew of 6 with the tech, good PA please',
    x: { no: ['LA', 'MS'], shows: 6 },
  },
  {
    q: 'a run through the Mountain West, 5 shows in July, no Nevada, 200 cap rooms, van - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { no: ['NV'], shows: 5 },
  },
  {
    q: 'Pacific Northwest, 4 shows in September, not Idaho, weekends only, 120 people, budget around $8k all in, we are a 4-piece indie rock band',
    x: { no: ['ID'], shows: [2, 4], only: WEEKEND },
  },
  {
    q: 'Great Lakes tour, 6 shows in May, avoid Michigan, no shows on Tuesdays, 200 people - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { no: ['MI'], shows: 6, only: [0, 1, 3, 4, 5, 6] },
  },
  {
    q: '8 shows in the South in February, no Georgia and no Tennessee, we draw about 250, we are a trio, $6,000 total for the run, thanks!',
    x: { no: ['GA', 'TN'], shows: 8 },
  },
  {
    q: 'Southwest in March: 4 shows, anywhere but New Mexico, 300 cap, flying between shows is fine, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { no: ['NM'], shows: 4 },
  },
  {
    q: 'Can you do 6 shows on the east coast in April without any Florida dates? 350 people, crew of 6 with the tech, budget $15k, good PA please',
    x: { no: ['FL'], shows: 6 },
  },
  {
    q: 'Midwest, 5 shows in October - skip Missouri and Kansas, 180 cap, budget $6k - jazz quartet, seated rooms if possible',
    x: { no: ['MO', 'KS'], shows: 5 },
  },
  {
    q: 'South, 6 dates in late January, no Texas, no Oklahoma, no Arkansas - 200 cap, budget around $8k all in, we are a 4-piece indie rock band',
    x: { no: ['TX', 'OK', 'AR'], shows: 6 },
  },
  {
    q: 'West coast in May, 6 shows, avoid Oregon, 500 cap rooms, tour bus - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { no: ['OR'], shows: 6 },
  },
  {
    q: 'Northeast in March, 6 shows, stay out of Massachusetts this time, 220 people, we are a trio, $6,000 total for the run, thanks!',
    x: { no: ['MA'], shows: 6 },
  },
  {
    q: 'Carolinas and Georgia run in May, 5 shows, no Savannah please, 150 cap, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { noCity: ['Savannah, GA'], shows: [3, 5] },
  },
  {
    q: 'Southeast, 6 shows in June, no Kentucky and no Virginia, 150 a night, driving, crew of 6 with the tech, budget $15k, good PA please',
    x: { no: ['KY', 'VA'], shows: 6 },
  },

  // Anchored dates: a start on a weekday and date, a city on a date, the last show on a date.
  {
    q: 'starting Tuesday Jan 12, 4 shows out of Nashville heading north, 150 people, van - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { from: ['2027-01-12', '2027-01-12'], shows: 4, first: 'Nashville, TN' },
  },
  {
    q: 'Atlanta on the 14th and 15th of January, then Birmingham the 17th - 200 cap, we drive, budget around $8k all in, we are a 4-piece indie rock band',
    x: { on: { 'Atlanta, GA': '2027-01-14', 'Birmingham, AL': '2027-01-17' }, order: true, places: ['Atlanta, GA', 'Birmingham, AL'] },
  },
  {
    q: '5 shows in Texas ending Aug 21, 250 people, the last night is our record release party - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { endBy: '2027-08-21', shows: 5 },
  },
  {
    q: 'Record release run: 4 shows, last show has to be on Aug 21 in Austin, Texas dates before it, 300 cap',
    x: { lastOn: '2027-08-21', shows: 4 },
  },
  {
    q: 'kicking off Friday March 5 in Denver, 4 shows through the Rockies, 200 cap, no more than 6 hours driving a day',
    x: { from: ['2027-03-05', '2027-03-05'], first: 'Denver, CO', shows: 4, cap: 6 },
  },
  {
    q: 'Chicago on April 9, Milwaukee April 10, Minneapolis April 12 - in that order, 250 cap, we are a trio, $6,000 total for the run, thanks!',
    x: { on: { 'Chicago, IL': '2027-04-09', 'Milwaukee, WI': '2027-04-10', 'Minneapolis, MN': '2027-04-12' }, order: true },
  },
  {
    q: 'We need to be done by May 22 - 5 shows in the Northeast starting May 14, 200 people, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { from: ['2027-05-14', '2027-05-16'], endBy: '2027-05-22', shows: 5 },
  },
  {
    q: '6 shows on the west coast, wrapping up by June 12, 400 cap, tour bus, budget $30k, crew of 6 with the tech, good PA please',
    x: { endBy: '2027-06-12', shows: 6 },
  },
  {
    q: 'starting Friday May 14 in Seattle, 4 shows down the coast, weekends only, 300 cap - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { from: ['2027-05-14', '2027-05-14'], first: 'Seattle, WA', only: WEEKEND },
  },
  {
    q: 'Dallas on the 12th, Austin on the 13th, Houston on the 14th of February, 350 people, van, budget around $8k all in, we are a 4-piece indie rock band',
    x: { on: { 'Dallas, TX': '2027-02-12', 'Austin, TX': '2027-02-13', 'Houston, TX': '2027-02-14' } },
  },
  {
    q: 'our last show must be on Oct 8 in Nashville, 4 shows in Tennessee and Kentucky before it, 200 cap',
    x: { lastOn: '2027-10-08', shows: 4 },
  },
  {
    q: 'starting Thursday June 3 in Boston, 5 shows down to DC ending June 9, 300 people, drive - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { from: ['2027-06-03', '2027-06-03'], endBy: '2027-06-09', first: 'Boston, MA' },
  },
  {
    q: 'Phoenix on March 19, then Tucson and Albuquerque after, 200 cap, we drive, 3 shows, we are a trio, $6,000 total for the run, thanks!',
    x: { on: { 'Phoenix, AZ': '2027-03-19' }, shows: 3 },
  },
  {
    q: '4 shows in Ohio finishing on September 17 with a hometown show in Columbus, 250 cap, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { lastOn: '2027-09-17', shows: 4 },
  },
  {
    q: 'Starting Friday July 9, a weekend run: Portland, Seattle and Spokane, 200 people, van, crew of 6 with the tech, budget $15k, good PA please',
    x: { from: ['2027-07-09', '2027-07-09'], places: ['Portland, OR', 'Seattle, WA', 'Spokane, WA'] },
  },
  {
    q: 'New Orleans on April 23, Houston April 24, then 2 more Texas shows, 300 cap, driving - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { on: { 'New Orleans, LA': '2027-04-23', 'Houston, TX': '2027-04-24' } },
  },
  {
    q: '5 dates in the Carolinas, must end by March 27, starting March 20, about 150 people, budget around $8k all in, we are a 4-piece indie rock band',
    x: { from: ['2027-03-20', '2027-03-22'], endBy: '2027-03-27', shows: [3, 5] },
  },
  {
    q: 'Kansas City on the 5th of March, St. Louis on the 6th, Chicago on the 8th - 400 people, van - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { on: { 'Kansas City, MO': '2027-03-05', 'St. Louis, MO': '2027-03-06', 'Chicago, IL': '2027-03-08' } },
  },
  {
    q: 'starting Saturday May 1 in Los Angeles, 4 shows, finish by May 9, 500 cap, bus, we are a trio, $6,000 total for the run, thanks!',
    x: { from: ['2027-05-01', '2027-05-01'], endBy: '2027-05-09', first: 'Los Angeles, CA' },
  },
  {
    q: '4 shows in the Pacific Northwest, ending Sept 26 in Seattle, 180 cap, we drive, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { endBy: '2027-09-26', lastCity: 'Seattle, WA', shows: 4 },
  },
  {
    q: 'Denver on June 4, Salt Lake City June 6, Boise June 8, in that order, 220 people, crew of 6 with the tech, budget $15k, good PA please',
    x: { on: { 'Denver, CO': '2027-06-04', 'Salt Lake City, UT': '2027-06-06', 'Boise, ID': '2027-06-08' }, order: true },
  },
  {
    q: 'Starting Tuesday Jan 12 in Atlanta, 5 shows, home by Jan 20, 150 people, van - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { from: ['2027-01-12', '2027-01-12'], endBy: '2027-01-20', first: 'Atlanta, GA' },
  },

  // Drive caps written in prose.
  {
    q: 'atl nash bham chatt knox in February, 300 cap, no more than 4 hrs drive between shows, budget around $8k all in, we are a 4-piece indie rock band',
    x: { places: ['Atlanta, GA', 'Nashville, TN', 'Birmingham, AL', 'Knoxville, TN', 'Chattanooga, TN'], cap: 4 },
  },
  {
    q: 'Southern run out of Atlanta, 6 shows in March, max 5 hours driving a day, 200 people - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { first: 'Atlanta, GA', shows: 6, cap: 5 },
  },
  {
    q: 'Texas run in April: Austin, San Antonio, Houston, Dallas - nothing over 4 hours in the van, 250 cap',
    x: { places: ['Austin, TX', 'San Antonio, TX', 'Houston, TX', 'Dallas, TX'], cap: 4 },
  },
  {
    q: 'Denver, Salt Lake City, Boise, Portland in May, no drives over 6 hours, 200 people, we are a trio, $6,000 total for the run, thanks!',
    x: { places: ['Denver, CO', 'Salt Lake City, UT', 'Boise, ID', 'Portland, OR'], cap: 6 },
  },
  {
    q: 'Chicago to Minneapolis with stops in between, 4 shows in June, max 3 hours of driving per day, 150 cap',
    x: { first: 'Chicago, IL', lastCity: 'Minneapolis, MN', shows: 4, cap: 3 },
  },
  {
    q: 'Keep the drives under 300 miles please - Nashville, Memphis, Little Rock, Tulsa in March, 200 cap',
    x: { places: ['Nashville, TN', 'Memphis, TN', 'Little Rock, AR', 'Tulsa, OK'], cap: 5 },
  },
  {
    q: 'east coast in April, 6 shows from Boston to DC, no more than 4 hours drive a day, 300 people',
    x: { first: 'Boston, MA', lastCity: 'Washington, DC', shows: 6, cap: 4 },
  },
  {
    q: 'Kansas City, Denver and Albuquerque in August, 4 hour drive max, 180 cap, we have time, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { places: ['Kansas City, MO', 'Denver, CO', 'Albuquerque, NM'], cap: 4 },
  },
  {
    q: 'LA, SF, Sacramento, Portland, Seattle in July, no more than 5 hrs in the van a day, 400 cap, crew of 6 with the tech, budget $15k, good PA please',
    x: { places: ['Los Angeles, CA', 'San Francisco, CA', 'Sacramento, CA', 'Portland, OR', 'Seattle, WA'], cap: 5 },
  },
  {
    q: 'Florida run in January: Miami, Orlando, Tampa, Jacksonville, max 4 hours driving a day, 200 people',
    x: { places: ['Miami, FL', 'Orlando, FL', 'Tampa, FL', 'Jacksonville, FL'], cap: 4 },
  },
  { q: 'Ohio and Pennsylvania in October, 5 shows, nothing longer than 3 hours between shows, 150 cap', x: { shows: 5, cap: 3 } },
  {
    q: 'Phoenix, Las Vegas, Los Angeles, San Diego in March; our drummer says max 5 hrs drive a day, 300 cap',
    x: { places: ['Phoenix, AZ', 'Las Vegas, NV', 'Los Angeles, CA', 'San Diego, CA'], cap: 5 },
  },
  {
    q: '6 shows in the Midwest in May, at most 4 hours of driving a day, we draw around 200 - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { shows: 6, cap: 4 },
  },
  {
    q: 'Seattle, Spokane, Boise and Salt Lake in September, no drives longer than 6 hours, 250 people',
    x: { places: ['Seattle, WA', 'Spokane, WA', 'Boise, ID', 'Salt Lake City, UT'], cap: 6 },
  },
  {
    q: 'philly nyc boston providence in june, max 4 hrs driving per day, 350 cap, van, budget around $8k all in, we are a 4-piece indie rock band',
    x: { places: ['Philadelphia, PA', 'New York City, NY', 'Boston, MA', 'Providence, RI'], cap: 4 },
  },
  {
    q: 'New Orleans to Atlanta in April with 3 shows on the way, no more than 4 hrs drive, 200 cap - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { first: 'New Orleans, LA', lastCity: 'Atlanta, GA', cap: 4 },
  },
  {
    q: 'Austin, Dallas, Oklahoma City, Wichita in May, keep drives under 5 hours, 220 people, van, we are a trio, $6,000 total for the run, thanks!',
    x: { places: ['Austin, TX', 'Dallas, TX', 'Oklahoma City, OK', 'Wichita, KS'], cap: 5 },
  },
  {
    q: 'Honolulu and Anchorage in May, then Seattle and Portland, 2 shows a week, max 6 hours driving a day',
    x: { places: ['Honolulu, HI', 'Anchorage, AK', 'Seattle, WA', 'Portland, OR'], cap: 6 },
  },
  { q: 'Carolinas in March, 5 shows, nothing over 3 hours of driving, 150 people, duo in a car', x: { shows: [3, 5], cap: 3 } },
  {
    q: 'Detroit, Cleveland, Pittsburgh, Buffalo in November, no more than 4 hours drive a day, 250 cap',
    x: { places: ['Detroit, MI', 'Cleveland, OH', 'Pittsburgh, PA', 'Buffalo, NY'], cap: 4 },
  },
  {
    q: 'Denver to Kansas City in August, 3 shows, max 5 hours of driving per day, 200 cap, van, crew of 6 with the tech, budget $15k, good PA please',
    x: { first: 'Denver, CO', lastCity: 'Kansas City, MO', cap: 5 },
  },

  // Home base, fly-in and round trips.
  {
    q: 'we fly in to Seattle, 5 shows in the Pacific Northwest, weekend shows only, 200 cap - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { first: 'Seattle, WA', only: WEEKEND, shows: [3, 5] },
  },
  {
    q: 'Denver-based band, 6 shows out of Denver in May, 100-200 in Chicago, 50-80 elsewhere, budget around $8k all in, we are a 4-piece indie rock band',
    x: { first: 'Denver, CO', back: 'Denver, CO', draw: { 'Chicago, IL': 200 }, drawElsewhere: 80 },
  },
  {
    q: "We're out of Chicago - 5 shows in the Midwest in October and back home after, 250 cap, crew of 6 with the tech, budget $15k, good PA please",
    x: { first: 'Chicago, IL', back: 'Chicago, IL', shows: 5 },
  },
  {
    q: 'Nashville band, 4 shows in March, starting and ending in Nashville, 180 people, van - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { first: 'Nashville, TN', back: 'Nashville, TN', shows: 4 },
  },
  {
    q: 'based in Portland, Oregon - a 5 show loop in July through Seattle and Boise then back home, 200 cap',
    x: { first: 'Portland, OR', back: 'Portland, OR', places: ['Seattle, WA', 'Boise, ID'] },
  },
  {
    q: 'We fly into Boston on April 9 and fly home from DC, 5 shows, 300 people, we are a trio, $6,000 total for the run, thanks!',
    x: { first: 'Boston, MA', lastCity: 'Washington, DC', from: ['2027-04-09', '2027-04-09'], shows: 5 },
  },
  {
    q: 'home base is Austin, 5 shows in Texas in June, round trip in the van, 200 cap, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { first: 'Austin, TX', back: 'Austin, TX', shows: 5 },
  },
  {
    q: 'Atlanta-based duo: 4 shows in the Southeast in May and then back home, no Mondays, 100 cap',
    x: { first: 'Atlanta, GA', back: 'Atlanta, GA', only: [0, 2, 3, 4, 5, 6] },
  },
  {
    q: 'we live in Minneapolis - 4 shows in April, Madison, Milwaukee, Chicago, then home, 200 people',
    x: { first: 'Minneapolis, MN', back: 'Minneapolis, MN', places: ['Madison, WI', 'Milwaukee, WI', 'Chicago, IL'] },
  },
  {
    q: 'flying in to Los Angeles, 4 shows in Southern California in March, 300 cap, rent a van - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { first: 'Los Angeles, CA', shows: 4 },
  },
  {
    q: 'a band out of Philadelphia, 5 shows in the Northeast in September and home at the end, 250 cap',
    x: { first: 'Philadelphia, PA', back: 'Philadelphia, PA', shows: 5 },
  },
  {
    q: 'Salt Lake City based, 4 shows in the Rockies in August, back home after, 180 people, budget around $8k all in, we are a 4-piece indie rock band',
    x: { first: 'Salt Lake City, UT', back: 'Salt Lake City, UT', shows: 4 },
  },
  {
    q: 'We fly in to Denver on Friday May 14, 4 shows in Colorado and Utah, weekends only, 200 cap - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { first: 'Denver, CO', from: ['2027-05-14', '2027-05-14'], only: WEEKEND },
  },
  {
    q: 'Houston band, 5 shows along the Gulf Coast in April and back home, 220 cap, van, we are a trio, $6,000 total for the run, thanks!',
    x: { first: 'Houston, TX', back: 'Houston, TX', shows: 5 },
  },
  {
    q: 'home is Kansas City, 4 shows in March: Omaha, Des Moines, St. Louis, then back to KC, 150 cap',
    x: { first: 'Kansas City, MO', back: 'Kansas City, MO', places: ['Omaha, NE', 'Des Moines, IA', 'St. Louis, MO'] },
  },
  {
    q: 'fly into Miami, 4 shows in Florida in February, weekend shows only, 300 people, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { first: 'Miami, FL', only: WEEKEND },
  },
  {
    q: 'Seattle-based, 5 shows down the west coast in June, fly home from Los Angeles, 400 cap, crew of 6 with the tech, budget $15k, good PA please',
    x: { first: 'Seattle, WA', lastCity: 'Los Angeles, CA', shows: 5 },
  },
  {
    q: 'we are based in Raleigh, 4 shows in the Carolinas in October and back home after, 150 cap - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { first: 'Raleigh, NC', back: 'Raleigh, NC', shows: [3, 4] },
  },
  {
    q: 'out of Detroit, 5 shows in the Great Lakes in May, round trip, no more than 5 hours drive, budget around $8k all in, we are a 4-piece indie rock band',
    x: { first: 'Detroit, MI', back: 'Detroit, MI', shows: 5, cap: 5 },
  },
  {
    q: 'Phoenix-based, a loop through Tucson, Albuquerque and Las Vegas in March and back home, 250 cap',
    x: { first: 'Phoenix, AZ', back: 'Phoenix, AZ', places: ['Tucson, AZ', 'Albuquerque, NM', 'Las Vegas, NV'] },
  },
  {
    q: 'We fly in to Nashville, 4 shows in Tennessee and Kentucky in April, 200 people, no Sundays - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { first: 'Nashville, TN', only: [1, 2, 3, 4, 5, 6] },
  },
  {
    q: 'Boston band, 4 shows in New England in September and back home, 180 cap, van, we are a trio, $6,000 total for the run, thanks!',
    x: { first: 'Boston, MA', back: 'Boston, MA', shows: 4 },
  },
  {
    q: 'based out of Oklahoma City, 4 shows in Texas in May, back home after, 200 cap, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { first: 'Oklahoma City, OK', back: 'Oklahoma City, OK' },
  },
  {
    q: 'we fly into Chicago and out of Detroit, 4 shows in June, 300 cap, rent a van, crew of 6 with the tech, budget $15k, good PA please',
    x: { first: 'Chicago, IL', lastCity: 'Detroit, MI', shows: 4 },
  },

  // Places outside the US, and named cities without venues.
  {
    q: 'Seattle, Vancouver and Portland in May, 3 shows, 250 cap, we drive - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { places: ['Seattle, WA', 'Portland, OR'], outside: ['Vancouver'] },
  },
  {
    q: 'Detroit, Toronto, Buffalo and Cleveland in June, 300 people, van, 4 shows, budget around $8k all in, we are a 4-piece indie rock band',
    x: { places: ['Detroit, MI', 'Buffalo, NY', 'Cleveland, OH'], outside: ['Toronto'] },
  },
  {
    q: 'Boston, Montreal and Burlington in September - 200 cap, we drive, weekends only - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { places: ['Boston, MA', 'Burlington, VT'], outside: ['Montreal'], only: WEEKEND },
  },
  {
    q: 'San Antonio, Austin, Mexico City and Houston in March, 400 people, we fly between shows, we are a trio, $6,000 total for the run, thanks!',
    x: { places: ['San Antonio, TX', 'Austin, TX', 'Houston, TX'], outside: ['Mexico City'] },
  },
  {
    q: 'New York, London and Boston in April, 500 cap, 3 shows, budget $20k, folk duo with a small crew, listening rooms ideally',
    x: { places: ['New York City, NY', 'Boston, MA'], outside: ['London'] },
  },
  {
    q: 'Bozeman, Missoula and Billings in July, 200 cap, we drive, 3 shows, crew of 6 with the tech, budget $15k, good PA please',
    x: { places: ['Missoula, MT', 'Billings, MT', 'Bozeman, MT'] },
  },
  {
    q: 'Play Chicago, Detroit and State College, PA in March 5-8, 2027 - 600 cap - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { places: ['Chicago, IL', 'Detroit, MI'], draw: { 'Chicago, IL': 600 } },
  },
  {
    q: 'Asheville, Knoxville and Nashville in April, 200 people, van, no Mondays, budget around $8k all in, we are a 4-piece indie rock band',
    x: { places: ['Knoxville, TN', 'Nashville, TN', 'Asheville, NC'], only: [0, 2, 3, 4, 5, 6] },
  },
  {
    q: 'Boulder, Denver and Colorado Springs in August, 250 cap, 3 shows, we drive - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { places: ['Denver, CO', 'Colorado Springs, CO', 'Boulder, CO'] },
  },
  {
    q: 'Calgary, Seattle, Spokane and Edmonton in June - 300 cap, van, 4 shows, we are a trio, $6,000 total for the run, thanks!',
    x: { places: ['Seattle, WA', 'Spokane, WA'], outside: ['Calgary', 'Edmonton'] },
  },
  {
    q: 'Athens, GA and Atlanta and Chattanooga in May, 150 cap, van, weekends only, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { places: ['Atlanta, GA', 'Athens, GA', 'Chattanooga, TN'], only: WEEKEND },
  },
  {
    q: 'Ann Arbor, Detroit, Grand Rapids in October, 200 people, 3 shows, we drive, crew of 6 with the tech, budget $15k, good PA please',
    x: { places: ['Detroit, MI', 'Grand Rapids, MI', 'Ann Arbor, MI'] },
  },
  {
    q: 'Tijuana, San Diego and Los Angeles in February, 400 cap, 2 shows, van - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { places: ['San Diego, CA', 'Los Angeles, CA'], outside: ['Tijuana'] },
  },
  {
    q: 'Lawrence, Kansas City and Wichita in September, 180 cap, van, 3 shows, budget around $8k all in, we are a 4-piece indie rock band',
    x: { places: ['Kansas City, MO', 'Wichita, KS', 'Lawrence, KS'] },
  },
  {
    q: 'Ottawa, Montreal, Burlington and Portland, Maine in August, 150 cap, we drive - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { places: ['Burlington, VT', 'Portland, ME'], outside: ['Ottawa', 'Montreal'] },
  },
  {
    q: 'Iowa City, Des Moines, Omaha in April - 150 cap, van, no shows on Sundays, we are a trio, $6,000 total for the run, thanks!',
    x: { places: ['Des Moines, IA', 'Omaha, NE', 'Iowa City, IA'], only: [1, 2, 3, 4, 5, 6] },
  },
  {
    q: 'Flagstaff, Phoenix and Tucson in March, 200 people, van, 3 shows, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { places: ['Phoenix, AZ', 'Tucson, AZ', 'Flagstaff, AZ'] },
  },
  {
    q: 'Guadalajara, Monterrey, San Antonio, Laredo in May, 500 cap, we fly, crew of 6 with the tech, budget $15k, good PA please',
    x: { places: ['San Antonio, TX', 'Laredo, TX'], outside: ['Guadalajara', 'Monterrey'] },
  },
  {
    q: 'Fort Collins, Denver, Cheyenne in June, 120 cap, 3 shows, van - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { places: ['Denver, CO', 'Cheyenne, WY', 'Fort Collins, CO'] },
  },
  {
    q: 'Gainesville, Tampa, Orlando in January, 180 people, van, 3 shows, budget around $8k all in, we are a 4-piece indie rock band',
    x: { places: ['Tampa, FL', 'Orlando, FL', 'Gainesville, FL'] },
  },
  {
    q: 'Toronto, Ohio? no - Toronto, Canada, plus Cleveland and Columbus in May, 250 cap - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { places: ['Cleveland, OH', 'Columbus, OH'] },
  },
  {
    q: 'Bellingham, Seattle, Tacoma in August, 200 cap, van, weekend shows only, we are a trio, $6,000 total for the run, thanks!',
    x: { places: ['Seattle, WA', 'Tacoma, WA', 'Bellingham, WA'], only: WEEKEND },
  },
  {
    q: 'Santa Fe, Albuquerque and El Paso in October - 150 cap, we drive, 3 shows, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { places: ['Albuquerque, NM', 'El Paso, TX', 'Santa Fe, NM'] },
  },
  {
    q: 'Halifax, Portland Maine and Boston in July, 200 people, van, crew of 6 with the tech, budget $15k, good PA please',
    x: { places: ['Portland, ME', 'Boston, MA'], outside: ['Halifax'] },
  },

  // Weekday sets, show ranges, years beside numbers, shorthand, draws, no date.
  {
    q: '4-5 dates in Texas in March, 200 cap, weekend shows only, we drive - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { shows: [4, 5], only: WEEKEND },
  },
  {
    q: 'Looking for 3-4 shows in the Carolinas, Fridays and Saturdays only, 150 people, April, budget around $8k all in, we are a 4-piece indie rock band',
    x: { shows: [3, 4], only: FRI_SAT },
  },
  {
    q: 'March 5-8, 2027 - 600 cap - Chicago, Milwaukee, Minneapolis, we drive - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { places: ['Chicago, IL', 'Milwaukee, WI', 'Minneapolis, MN'], from: ['2027-03-05', '2027-03-06'], draw: { 'Chicago, IL': 600 } },
  },
  {
    q: 'nola, bham, atl, nash in April, 250 cap, van, no Mondays, we are a trio, $6,000 total for the run, thanks!',
    x: { places: ['New Orleans, LA', 'Birmingham, AL', 'Atlanta, GA', 'Nashville, TN'], only: [0, 2, 3, 4, 5, 6] },
  },
  {
    q: 'philly, nyc, dc and bmore in May, 300 people, weekends only, van, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { places: ['Philadelphia, PA', 'New York City, NY', 'Washington, DC', 'Baltimore, MD'], only: WEEKEND },
  },
  {
    q: 'sf, la, sd and phx in February, 400 cap, tour bus, 4 shows, crew of 6 with the tech, budget $15k, good PA please',
    x: { places: ['San Francisco, CA', 'Los Angeles, CA', 'San Diego, CA', 'Phoenix, AZ'] },
  },
  {
    q: 'pdx slc abq okc in June - 200 cap, van, no Sundays - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { places: ['Portland, OR', 'Salt Lake City, UT', 'Albuquerque, NM', 'Oklahoma City, OK'], only: [1, 2, 3, 4, 5, 6] },
  },
  {
    q: 'chi, stl, kc and okc in September, 250 cap, we drive, no Mondays or Tuesdays, budget around $8k all in, we are a 4-piece indie rock band',
    x: { places: ['Chicago, IL', 'St. Louis, MO', 'Kansas City, MO', 'Oklahoma City, OK'], only: [0, 3, 4, 5, 6] },
  },
  {
    q: '100-200 in Chicago, 50-80 elsewhere: Chicago, Milwaukee, Madison, Minneapolis in April - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { places: ['Chicago, IL', 'Milwaukee, WI', 'Madison, WI', 'Minneapolis, MN'], draw: { 'Chicago, IL': 200 }, drawElsewhere: 80 },
  },
  {
    q: 'We draw 400 in Austin, 150 elsewhere - Austin, Houston, San Antonio and Dallas in May, van, we are a trio, $6,000 total for the run, thanks!',
    x: { places: ['Austin, TX', 'Houston, TX', 'San Antonio, TX', 'Dallas, TX'], draw: { 'Austin, TX': 400 }, drawElsewhere: 150 },
  },
  {
    q: 'Nashville, Louisville, Indianapolis and Chicago, 250 cap, van, 4 shows, weekends only, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { places: ['Nashville, TN', 'Louisville, KY', 'Indianapolis, IN', 'Chicago, IL'], only: WEEKEND, noDate: true },
  },
  {
    q: 'Boston, Providence, New Haven and New York - 200 people, we drive, no Mondays, crew of 6 with the tech, budget $15k, good PA please',
    x: { places: ['Boston, MA', 'Providence, RI', 'New Haven, CT', 'New York City, NY'], noDate: true, only: [0, 2, 3, 4, 5, 6] },
  },
  {
    q: '5 shows in the Pacific Northwest, 150 cap, van, a day off every 2 shows - jazz quartet, about $9k to spend, seated rooms if possible',
    x: { shows: [3, 5], noDate: true },
  },
  {
    q: 'Denver, Salt Lake City and Boise, 300 cap, van, max 7 hours driving a day, budget around $8k all in, we are a 4-piece indie rock band',
    x: { places: ['Denver, CO', 'Salt Lake City, UT', 'Boise, ID'], noDate: true, cap: 7 },
  },
  {
    q: 'Atlanta, Charlotte, Raleigh and Richmond, 250 people, tour bus, weekend shows only - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { places: ['Atlanta, GA', 'Charlotte, NC', 'Raleigh, NC', 'Richmond, VA'], noDate: true, only: WEEKEND },
  },
  {
    q: 'next month: Dallas, Austin, Houston, 300 cap, van, Fridays and Saturdays only, we are a trio, $6,000 total for the run, thanks!',
    x: { places: ['Dallas, TX', 'Austin, TX', 'Houston, TX'], from: ['2027-01-01', '2027-01-31'], only: FRI_SAT },
  },
  {
    q: '4-6 shows in the Midwest in October, 200 cap, van, no Sundays, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: { shows: [4, 6], only: [1, 2, 3, 4, 5, 6] },
  },
  {
    q: 'Seattle, Portland, Eugene, Sacramento, 2-3 weeks in August, 250 cap, we drive, no Mondays, crew of 6 with the tech, budget $15k, good PA please',
    x: { places: ['Seattle, WA', 'Portland, OR', 'Eugene, OR', 'Sacramento, CA'], only: [0, 2, 3, 4, 5, 6] },
  },
  {
    q: 'June 10-20, 2027 - 180 cap - Boston, Portland Maine, Burlington, van - jazz quartet, about $9k to spend, seated rooms if possible',
    x: {
      places: ['Boston, MA', 'Portland, ME', 'Burlington, VT'],
      from: ['2027-06-10', '2027-06-12'],
      endBy: '2027-06-20',
      draw: { 'Boston, MA': 180 },
    },
  },
  {
    q: 'knox, chatt, nash and memphis in March, 200 cap, van, weekend shows only, budget around $8k all in, we are a 4-piece indie rock band',
    x: { places: ['Knoxville, TN', 'Nashville, TN', 'Memphis, TN', 'Chattanooga, TN'], only: WEEKEND },
  },
  {
    q: 'Play Austin and Houston, then San Antonio, in late April, 250 people, no more than 4 hrs drive',
    x: { places: ['Austin, TX', 'Houston, TX', 'San Antonio, TX'], cap: 4, from: ['2027-04-18', '2027-04-30'] },
  },
  {
    q: '3 or 4 shows in Florida in January - Miami, Tampa, Orlando - 300 cap, van - 5-piece band, budget about $12,000, rock clubs preferred',
    x: { shows: [3, 4], places: ['Miami, FL', 'Tampa, FL', 'Orlando, FL'] },
  },

  // Chat edits: each changes only what it names, and the reply says what changed.
  {
    q: 'Denver, Salt Lake City and Boise in May, 200 cap, we drive, we are a trio, $6,000 total for the run, thanks!',
    x: {},
    turns: [
      { say: 'swap Boise for Albuquerque', x: { places: ['Denver, CO', 'Salt Lake City, UT', 'Albuquerque, NM'], noCity: ['Boise, ID'] } },
    ],
  },
  {
    q: 'Austin, Dallas and Houston in March, 300 people, van, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: {},
    turns: [{ say: 'make it 2 more shows', x: { shows: 5 } }],
  },
  {
    q: '5 shows across the South in April, 200 cap, van, crew of 6 with the tech, budget $15k, good PA please',
    x: {},
    turns: [{ say: 'no Texas at all please', x: { no: ['TX'], shows: 5 } }],
  },
  {
    q: 'Chicago, Milwaukee, Minneapolis starting May 14, 250 cap, van - jazz quartet, about $9k to spend, seated rooms if possible',
    x: {},
    turns: [{ say: 'start a week later', x: { from: ['2027-05-21', '2027-05-23'] } }],
  },
  {
    q: 'Nashville, Atlanta and Charlotte in June, 200 cap, van, budget around $8k all in, we are a 4-piece indie rock band',
    x: {},
    turns: [{ say: 'the last show has to be on June 26', x: { lastOn: '2027-06-26' } }],
  },
  {
    q: 'Seattle, Portland and Boise in July, 150 cap, van - 5-piece band, budget about $12,000, rock clubs preferred',
    x: {},
    turns: [{ say: 'replace Boise with Spokane', x: { places: ['Seattle, WA', 'Portland, OR', 'Spokane, WA'], noCity: ['Boise, ID'] } }],
  },
  {
    q: 'Boston, New York and Philadelphia in April, 300 cap, van, we are a trio, $6,000 total for the run, thanks!',
    x: {},
    turns: [{ say: 'add Washington DC', x: { places: ['Boston, MA', 'New York City, NY', 'Philadelphia, PA', 'Washington, DC'] } }],
  },
  {
    q: 'Phoenix, Tucson, Albuquerque and El Paso in March, 200 people, van, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: {},
    turns: [{ say: 'drop El Paso', x: { places: ['Phoenix, AZ', 'Tucson, AZ', 'Albuquerque, NM'], noCity: ['El Paso, TX'] } }],
  },
  {
    q: '6 shows in the Midwest in September, 200 cap, van, crew of 6 with the tech, budget $15k, good PA please',
    x: {},
    turns: [
      { say: 'no Illinois at all', x: { no: ['IL'], shows: 6 } },
      { say: 'make it 2 more shows', x: { no: ['IL'], shows: 8 } },
    ],
  },
  {
    q: 'LA, SF and Sacramento starting June 4, 400 cap, bus - jazz quartet, about $9k to spend, seated rooms if possible',
    x: {},
    turns: [{ say: 'push it back a week', x: { from: ['2027-06-11', '2027-06-13'] } }],
  },
  {
    q: 'Dallas, Austin and San Antonio in May, 250 cap, van, budget around $8k all in, we are a 4-piece indie rock band',
    x: {},
    turns: [
      { say: 'swap San Antonio for Houston', x: { places: ['Dallas, TX', 'Austin, TX', 'Houston, TX'], noCity: ['San Antonio, TX'] } },
      { say: 'one more show', x: { shows: 4 } },
    ],
  },
  {
    q: 'Atlanta, Birmingham, Nashville in April, 200 cap, van - 5-piece band, budget about $12,000, rock clubs preferred',
    x: {},
    turns: [{ say: 'weekends only', x: { only: WEEKEND } }],
  },
  {
    q: 'Denver, Kansas City, St. Louis in October, 300 cap, van, we are a trio, $6,000 total for the run, thanks!',
    x: {},
    turns: [{ say: 'no more than 5 hours driving a day', x: { cap: 5, places: ['Denver, CO', 'Kansas City, MO', 'St. Louis, MO'] } }],
  },
  {
    q: '5 shows on the east coast in May, 250 cap, van, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: {},
    turns: [
      { say: 'avoid New Jersey', x: { no: ['NJ'], shows: 5 } },
      { say: 'start two weeks later', x: { no: ['NJ'], from: ['2027-05-15', '2027-05-25'] } },
    ],
  },
  {
    q: 'Chicago, Detroit, Cleveland and Pittsburgh in June, 200 cap, van, crew of 6 with the tech, budget $15k, good PA please',
    x: {},
    turns: [
      {
        say: 'Columbus instead of Pittsburgh',
        x: { places: ['Chicago, IL', 'Detroit, MI', 'Cleveland, OH', 'Columbus, OH'], noCity: ['Pittsburgh, PA'] },
      },
    ],
  },
  {
    q: 'Miami, Orlando and Tampa in February, 300 cap, van - jazz quartet, about $9k to spend, seated rooms if possible',
    x: {},
    turns: [{ say: 'add 2 more shows', x: { shows: 5 } }],
  },
  {
    q: 'Portland, Seattle and Spokane starting July 9, 200 cap, van, budget around $8k all in, we are a 4-piece indie rock band',
    x: {},
    turns: [{ say: 'a week earlier', x: { from: ['2027-07-02', '2027-07-04'] } }],
  },
  {
    q: 'Nashville, Memphis, Little Rock and Tulsa in March, 200 cap, van - 5-piece band, budget about $12,000, rock clubs preferred',
    x: {},
    turns: [
      { say: 'no Mondays', x: { only: [0, 2, 3, 4, 5, 6] } },
      { say: 'drop Tulsa', x: { noCity: ['Tulsa, OK'], only: [0, 2, 3, 4, 5, 6] } },
    ],
  },
  {
    q: '6 shows in the South in March, 200 cap, van, we are a trio, $6,000 total for the run, thanks!',
    x: {},
    turns: [{ say: 'no Florida or Georgia please', x: { no: ['FL', 'GA'], shows: 6 } }],
  },
  {
    q: 'Boston, Providence and New Haven in September, 150 cap, van, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: {},
    turns: [{ say: 'the last show has to be on Sept 25', x: { lastOn: '2027-09-25' } }],
  },
  {
    q: 'Salt Lake City, Denver and Albuquerque in August, 250 cap, van, crew of 6 with the tech, budget $15k, good PA please',
    x: {},
    turns: [
      {
        say: 'switch Albuquerque to Colorado Springs',
        x: { places: ['Salt Lake City, UT', 'Denver, CO', 'Colorado Springs, CO'], noCity: ['Albuquerque, NM'] },
      },
    ],
  },
  {
    q: 'Houston, New Orleans and Mobile in April, 200 cap, van - jazz quartet, about $9k to spend, seated rooms if possible',
    x: {},
    turns: [{ say: 'make it 3 more shows', x: { shows: 6 } }],
  },
  {
    q: 'Raleigh, Charlotte and Richmond in October, 250 cap, van, budget around $8k all in, we are a 4-piece indie rock band',
    x: {},
    turns: [{ say: 'start 3 days later', x: { from: ['2027-10-04', '2027-10-06'] } }],
  },
  {
    q: '5 shows in the Southwest in March, 300 cap, van - 5-piece band, budget about $12,000, rock clubs preferred',
    x: {},
    turns: [{ say: 'no Nevada at all', x: { no: ['NV'], shows: 5 } }],
  },
  {
    q: 'Minneapolis, Madison, Milwaukee and Chicago in May, 200 cap, van, we are a trio, $6,000 total for the run, thanks!',
    x: {},
    turns: [
      {
        say: 'swap Madison for Des Moines',
        x: { places: ['Minneapolis, MN', 'Des Moines, IA', 'Milwaukee, WI', 'Chicago, IL'], noCity: ['Madison, WI'] },
      },
      { say: 'push it back two weeks', x: { from: ['2027-05-15', '2027-05-20'] } },
    ],
  },
  {
    q: 'Omaha, Lincoln and Kansas City in June, 150 cap, van, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: {},
    turns: [{ say: 'add Wichita and Tulsa', x: { places: ['Omaha, NE', 'Lincoln, NE', 'Kansas City, MO', 'Wichita, KS', 'Tulsa, OK'] } }],
  },
  {
    q: 'San Diego, LA and Las Vegas in April, 400 cap, van, crew of 6 with the tech, budget $15k, good PA please',
    x: {},
    turns: [{ say: 'no more than 4 hrs drive a day', x: { cap: 4 } }],
  },
  {
    q: 'Columbus, Cincinnati and Louisville in March, 200 cap, van - jazz quartet, about $9k to spend, seated rooms if possible',
    x: {},
    turns: [
      {
        say: 'Indianapolis instead of Louisville',
        x: { places: ['Columbus, OH', 'Cincinnati, OH', 'Indianapolis, IN'], noCity: ['Louisville, KY'] },
      },
    ],
  },
  {
    q: '4 shows in Texas in May, 250 cap, van, budget around $8k all in, we are a 4-piece indie rock band',
    x: {},
    turns: [{ say: 'no Dallas at all', x: { noCity: ['Dallas, TX'], shows: 4 } }],
  },
  {
    q: 'Atlanta, Charlotte and Raleigh in June, 200 cap, van - 5-piece band, budget about $12,000, rock clubs preferred',
    x: {},
    turns: [
      { say: 'Fridays and Saturdays only', x: { only: FRI_SAT } },
      { say: 'one more show', x: { shows: 4, only: FRI_SAT } },
    ],
  },
  {
    q: 'Seattle, Portland, Sacramento and San Francisco in August, 300 cap, van, we are a trio, $6,000 total for the run, thanks!',
    x: {},
    turns: [
      {
        say: 'swap Sacramento for Eugene',
        x: { places: ['Seattle, WA', 'Portland, OR', 'Eugene, OR', 'San Francisco, CA'], noCity: ['Sacramento, CA'] },
      },
    ],
  },
  {
    q: 'Nashville, Knoxville and Atlanta starting Friday March 12, 200 cap, van, folk duo with a small crew, budget 5k, listening rooms ideally',
    x: {},
    turns: [{ say: 'a week later', x: { from: ['2027-03-19', '2027-03-21'] } }],
  },
  // Held out: written after the fixes above and committed before the planner was run on them.
  {
    q: 'Hi there - our band is routing a short run in mid April, 5 shows, please stay out of Texas entirely, rooms around 250, we drive ourselves',
    x: { no: ['TX'], shows: 5 },
  },
  {
    q: 'We would love a 6 date swing through the Southeast in October but absolutely no Florida or Georgia, 200 cap rooms, we tour in a sprinter',
    x: { no: ['FL', 'GA'], shows: 6 },
  },
  {
    q: 'Can you book 4 shows in the Midwest in June? No Chicago this time please, we drew badly there. 150 cap, van, budget about $5k',
    x: { noCity: ['Chicago, IL'], shows: 4 },
  },
  {
    q: 'Starting Friday Feb 5 in New Orleans, 4 shows heading east, 200 people a night, max 5 hours driving a day, 4-piece band',
    x: { from: ['2027-02-05', '2027-02-05'], first: 'New Orleans, LA', shows: 4, cap: 5 },
  },
  {
    q: 'The tour has to end on Oct 15 with our hometown show in Nashville; 4 shows before that in Tennessee and Kentucky, 250 cap, van',
    x: { lastOn: '2027-10-15', lastCity: 'Nashville, TN' },
  },
  {
    q: 'Seattle on the 16th of April, Portland on the 17th and Boise on the 19th, 200 cap rooms, we drive, trio with one tech',
    x: { on: { 'Seattle, WA': '2027-04-16', 'Portland, OR': '2027-04-17', 'Boise, ID': '2027-04-19' } },
  },
  {
    q: 'we fly in to Denver and fly home from Salt Lake City, 4 shows in the Rockies in August, 200 cap, no more than 6 hrs drive',
    x: { first: 'Denver, CO', lastCity: 'Salt Lake City, UT', cap: 6 },
  },
  {
    q: 'Minneapolis-based 5-piece, 5 shows around the Midwest in May and back home after, no Mondays, about 300 per night',
    x: { first: 'Minneapolis, MN', back: 'Minneapolis, MN', only: [0, 2, 3, 4, 5, 6] },
  },
  {
    q: 'looking at Toronto, Montreal, Boston and New York in September - 400 cap, tour bus, budget around $25k, weekends only',
    x: { places: ['Boston, MA', 'New York City, NY'], outside: ['Toronto', 'Montreal'], only: WEEKEND },
  },
  {
    q: 'Chattanooga, Asheville, Knoxville and Atlanta in March, 150 cap, van, no shows on Sundays, acoustic duo',
    x: { places: ['Knoxville, TN', 'Atlanta, GA', 'Chattanooga, TN', 'Asheville, NC'], only: [1, 2, 3, 4, 5, 6] },
  },
  {
    q: 'okc, tulsa, wichita and kc in late May, 200 cap, van, keep the drives under 4 hours please, 4-piece rock band',
    x: { places: ['Oklahoma City, OK', 'Tulsa, OK', 'Wichita, KS', 'Kansas City, MO'], cap: 4 },
  },
  {
    q: 'Austin, Houston, San Antonio and Dallas - 400 in Austin, 100-150 elsewhere - in July, van, no Mondays or Tuesdays',
    x: {
      places: ['Austin, TX', 'Houston, TX', 'San Antonio, TX', 'Dallas, TX'],
      draw: { 'Austin, TX': 400 },
      drawElsewhere: 150,
      only: [0, 3, 4, 5, 6],
    },
  },
  {
    q: 'Sept 10-19, 2027 - 500 cap - Philadelphia, New York, Boston and Providence, we drive, rock band, budget $20k',
    x: {
      places: ['Philadelphia, PA', 'New York City, NY', 'Boston, MA', 'Providence, RI'],
      from: ['2027-09-10', '2027-09-12'],
      endBy: '2027-09-19',
    },
  },
  {
    q: 'Anchorage, Fairbanks and Juneau in July, then Seattle, 200 cap, we drive where we can, 4 shows',
    x: { places: ['Anchorage, AK', 'Seattle, WA'] },
  },
  {
    q: 'Portland, Seattle, Vancouver BC and Spokane in June, 250 people, van, no more than 5 hrs drive a day',
    x: { places: ['Portland, OR', 'Seattle, WA', 'Spokane, WA'], cap: 5 },
  },
  {
    q: 'a Texas run in November: 5 shows, no Houston at all, Fridays and Saturdays only, 300 cap, van',
    x: { noCity: ['Houston, TX'], shows: 5, only: FRI_SAT },
  },
  {
    q: 'Kansas City, St. Louis, Memphis and Nashville, 250 cap, we drive, trio, no more than 4 hours of driving a day',
    x: { places: ['Kansas City, MO', 'St. Louis, MO', 'Memphis, TN', 'Nashville, TN'], cap: 4, noDate: true },
  },
  {
    q: 'starting Friday Jan 22 in Phoenix, 4 shows: Phoenix, Tucson, Las Cruces, El Paso in that order, 200 cap, van',
    x: { from: ['2027-01-22', '2027-01-22'], places: ['Phoenix, AZ', 'Tucson, AZ', 'Las Cruces, NM', 'El Paso, TX'], order: true },
  },
  {
    q: 'Denver based duo - 4 shows in Colorado and Wyoming in June, back home after, 120 cap, keep drives under 4 hours',
    x: { first: 'Denver, CO', back: 'Denver, CO', cap: 4 },
  },
  {
    q: 'Boston on Friday Aug 13 and then 3 more New England shows, no New Hampshire, 200 cap, van, jazz quartet',
    x: { on: { 'Boston, MA': '2027-08-13' }, no: ['NH'] },
  },
  // Issue 33, second round: written before the classes below were planned (several nights in one
  // city, residencies, off-day counts, a radius from home, a region ruled out in part, relative
  // dates in a chat turn, the college towns), committed before the planner ran on them.
  {
    q: 'two nights in Atlanta on Jan 14 and 15, same room both nights, then Birmingham on the 17th and Nashville the 19th - 250 cap, van, 4-piece',
    x: {
      nights: { 'Atlanta, GA': ['2027-01-14', '2027-01-15'] },
      sameRoom: ['Atlanta, GA'],
      on: { 'Birmingham, AL': '2027-01-17', 'Nashville, TN': '2027-01-19' },
    },
  },
  {
    q: 'We want a residency in Nashville: every Tuesday in February, same room, 150 cap, acoustic duo, budget about $4k for the month',
    x: { nights: { 'Nashville, TN': ['2027-02-02', '2027-02-09', '2027-02-16', '2027-02-23'] }, sameRoom: ['Nashville, TN'], shows: 4 },
  },
  {
    q: 'Chicago residency please - every Thursday in April, same venue each week, about 200 people, 5-piece soul band with horns',
    x: {
      nights: { 'Chicago, IL': ['2027-04-01', '2027-04-08', '2027-04-15', '2027-04-22', '2027-04-29'] },
      sameRoom: ['Chicago, IL'],
      shows: 5,
    },
  },
  {
    q: 'Denver on Friday and Saturday May 14 and 15, then Salt Lake City on the 17th, 300 cap, we drive, max 8 hours a day in the van',
    x: { nights: { 'Denver, CO': ['2027-05-14', '2027-05-15'] }, on: { 'Salt Lake City, UT': '2027-05-17' }, cap: 8 },
  },
  {
    q: 'three nights in New Orleans June 10-12 at the same venue, then Houston on June 14 and Austin on June 15, 250 cap, van, brass band',
    x: {
      nights: { 'New Orleans, LA': ['2027-06-10', '2027-06-11', '2027-06-12'] },
      sameRoom: ['New Orleans, LA'],
      on: { 'Houston, TX': '2027-06-14', 'Austin, TX': '2027-06-15' },
    },
  },
  {
    q: 'Austin jazz trio looking for a residency every Wednesday in March, same room, 120 cap, no travel, listening room ideally',
    x: {
      nights: { 'Austin, TX': ['2027-03-03', '2027-03-10', '2027-03-17', '2027-03-24', '2027-03-31'] },
      sameRoom: ['Austin, TX'],
      shows: 5,
    },
  },
  {
    q: '8 shows in the Midwest starting Saturday May 1 with two off days somewhere in the run, 200 cap rooms, van, 4-piece rock band',
    x: { shows: 8, offDays: 2, from: ['2027-05-01', '2027-05-01'] },
  },
  {
    q: '6 shows in Texas starting Thursday June 3, a day off every 2 shows, 250 cap, van, budget about $9k, no Mondays',
    x: { shows: 6, maxRun: 2, from: ['2027-06-03', '2027-06-03'], only: [0, 2, 3, 4, 5, 6] },
  },
  {
    q: 'Pacific Northwest in September, 6 shows, no more than 3 in a row (singer needs rest), 200 cap, van, starting Sept 9',
    x: { shows: 6, maxRun: 3, from: ['2027-09-09', '2027-09-10'] },
  },
  {
    q: 'southeast run, 7 shows in October with 2 days off, no Mondays, 180 cap, 4-piece, budget around $8k all in',
    x: { shows: 7, offDays: 2, only: [0, 2, 3, 4, 5, 6] },
  },
  {
    q: 'Asheville-based folk duo: 5 shows within 4 hours of Asheville in April, back home after, 150 cap, listening rooms ideally',
    x: { within: { of: 'Asheville, NC', hours: 4 }, back: 'Asheville, NC', shows: 5 },
  },
  {
    q: 'Chicago band here - 4 shows within 3 hours of home in June, 200 cap, van, no Mondays, budget around $5k',
    x: { within: { of: 'Chicago, IL', hours: 3 }, shows: 4, only: [0, 2, 3, 4, 5, 6] },
  },
  {
    q: 'We are Denver-based and want to stay within 5 hours of Denver: 4 shows in July, 250 cap, van, weekends only',
    x: { within: { of: 'Denver, CO', hours: 5 }, shows: [3, 4], only: WEEKEND },
  },
  {
    q: 'Atlanta-based 5-piece, 6 dates within 6 hrs of Atlanta in May, skip Florida, 200 cap, no more than 5 hours driving a day',
    x: { within: { of: 'Atlanta, GA', hours: 6 }, no: ['FL'], shows: 6, cap: 5 },
  },
  {
    q: 'West coast run in June, 6 shows, no SoCal this time (we just did LA and San Diego), 300 cap, van, 4-piece',
    x: { noArea: [{ state: 'CA', name: 'Southern California', south: 35.8 }], shows: 6 },
  },
  {
    q: 'West coast in August, 6 shows, nothing in the Pacific Northwest please, 250 cap, van, budget around $10k',
    x: { no: ['WA', 'OR', 'ID'], shows: 6 },
  },
  {
    q: 'Northeast in October, 6 shows, skip upstate NY (too far for the van), 200 cap, no Sundays, jazz quartet',
    x: { noArea: [{ state: 'NY', name: 'upstate New York', north: 41.3 }], shows: 6, only: [1, 2, 3, 4, 5, 6] },
  },
  {
    q: 'California in May: 5 shows but no Southern California, 250 cap, by van, budget about $7,500, trio',
    x: { noArea: [{ state: 'CA', name: 'Southern California', south: 35.8 }], shows: 5 },
  },
  {
    q: 'Nashville, Louisville and Cincinnati, Friday to Sunday March 12-14, 200 cap, van, 4-piece americana band',
    x: {},
    turns: [{ say: 'push it to the following weekend', x: { from: ['2027-03-19', '2027-03-19'], endBy: '2027-03-21' } }],
  },
  {
    q: 'Salt Lake City on May 10, Denver on May 13 and Albuquerque on May 15, 250 cap, van, trio with one tech',
    x: {},
    turns: [
      {
        say: 'move Denver two days earlier',
        x: { on: { 'Salt Lake City, UT': '2027-05-10', 'Denver, CO': '2027-05-11', 'Albuquerque, NM': '2027-05-15' } },
      },
    ],
  },
  {
    q: 'Boston, Providence and New Haven starting Saturday June 5, 200 cap, van, folk duo with a small crew',
    x: {},
    turns: [{ say: 'can we move it to the weekend after', x: { from: ['2027-06-11', '2027-06-13'] } }],
  },
  {
    q: 'Atlanta Oct 8, Charlotte Oct 9, Raleigh Oct 10 - 300 cap, van, 5-piece band, budget about $12,000',
    x: {},
    turns: [
      {
        say: 'move Raleigh one day later',
        x: { on: { 'Atlanta, GA': '2027-10-08', 'Charlotte, NC': '2027-10-09', 'Raleigh, NC': '2027-10-11' } },
      },
    ],
  },
  {
    q: 'Portland, Seattle and Spokane starting Thursday July 8, 200 cap, van, no more than 6 hours driving a day',
    x: {},
    turns: [
      { say: 'push everything back a week', x: { from: ['2027-07-15', '2027-07-15'], cap: 6 } },
      { say: 'and no Mondays', x: { only: [0, 2, 3, 4, 5, 6] } },
    ],
  },
  {
    q: 'Bozeman, Missoula and Boise in September, 200 cap, van, no more than 7 hrs drive, 4-piece, budget about $6k',
    x: { places: ['Bozeman, MT', 'Missoula, MT', 'Boise, ID'], cap: 7 },
  },
  {
    q: 'college towns in October: Athens GA, Chattanooga, Knoxville and Asheville, 250 cap, van, no Sundays, indie rock 4-piece',
    x: { places: ['Athens, GA', 'Chattanooga, TN', 'Knoxville, TN', 'Asheville, NC'], only: [1, 2, 3, 4, 5, 6] },
  },
  {
    q: 'Boulder on Friday Feb 12 and Fort Collins on Saturday the 13th, then Denver on the 14th, 300 cap, duo',
    x: { on: { 'Boulder, CO': '2027-02-12', 'Fort Collins, CO': '2027-02-13', 'Denver, CO': '2027-02-14' } },
  },
  {
    q: 'Iowa City, Madison, Ann Arbor and Bloomington IN in April, in that order, 200 cap, van, campus crowds',
    x: { places: ['Iowa City, IA', 'Madison, WI', 'Ann Arbor, MI', 'Bloomington, IN'], order: true },
  },
  {
    q: 'State College, Ithaca and Burlington VT in November, 150 cap, van, no more than 5 hours driving a day, folk trio',
    x: { places: ['State College, PA', 'Ithaca, NY', 'Burlington, VT'], cap: 5 },
  },
  {
    q: 'Lawrence KS, Lexington KY and Charlottesville in March, 200 cap, van, weekends only, bluegrass 5-piece',
    x: { places: ['Lawrence, KS', 'Lexington, KY', 'Charlottesville, VA'], only: WEEKEND },
  },
  {
    q: 'we fly in to Eugene, then Santa Cruz and Sacramento in June, 300 cap, rent a van after that, 4-piece',
    x: { places: ['Eugene, OR', 'Santa Cruz, CA', 'Sacramento, CA'], first: 'Eugene, OR' },
  },

  // Third round (issue 33): order words and a city named more than once with a list of dates, and
  // their neighbours (several nights in one room, '12th & 13th', 'Feb 12-13', 'then' chains with
  // dates). Written after the two classes were fixed in the parser and before the planner ran on them.
  {
    q: 'hey! we fly in to Atlanta, Atlanta on Feb 12 and 13 (same room if u can), then Nashville and Memphis, 200 cap, van from there, 4-piece',
    x: {
      nights: { 'Atlanta, GA': ['2027-02-12', '2027-02-13'] },
      sameRoom: ['Atlanta, GA'],
      first: 'Atlanta, GA',
      places: ['Atlanta, GA', 'Nashville, TN', 'Memphis, TN'],
      order: true,
    },
  },
  {
    q: 'Atlanta, Nashville, Memphis and New Orleans in March - keep this order pls, 250 cap rooms, van, no Mondays, budget ~8k',
    x: { places: ['Atlanta, GA', 'Nashville, TN', 'Memphis, TN', 'New Orleans, LA'], order: true, only: [0, 2, 3, 4, 5, 6] },
  },
  {
    q: 'Routing for April: New Orleans, Nashville, Atlanta, Memphis - route as written (family stuff on the way), 200 cap, trio, we drive',
    x: { places: ['New Orleans, LA', 'Nashville, TN', 'Atlanta, GA', 'Memphis, TN'], order: true },
  },
  {
    q: 'Denver 12th & 13th of March (two nights, same room), then Salt Lake and Boise, 300 cap, van, max 7 hrs drive',
    x: {
      nights: { 'Denver, CO': ['2027-03-12', '2027-03-13'] },
      sameRoom: ['Denver, CO'],
      places: ['Denver, CO', 'Salt Lake City, UT', 'Boise, ID'],
      order: true,
      cap: 7,
    },
  },
  {
    q: 'Chicago Feb 12-13, then Milwaukee Feb 15 and Minneapolis Feb 17, 250 cap, no Sundays, 5-piece w/ a tech',
    x: {
      nights: { 'Chicago, IL': ['2027-02-12', '2027-02-13'] },
      on: { 'Milwaukee, WI': '2027-02-15', 'Minneapolis, MN': '2027-02-17' },
      only: [1, 2, 3, 4, 5, 6],
    },
  },
  {
    q: 'we fly into Seattle. Seattle Fri Feb 12 and Sat Feb 13, Portland Feb 15 then Eugene, fly home from Eugene, 200 cap, 4-piece',
    x: {
      nights: { 'Seattle, WA': ['2027-02-12', '2027-02-13'] },
      on: { 'Portland, OR': '2027-02-15' },
      first: 'Seattle, WA',
      lastCity: 'Eugene, OR',
    },
  },
  {
    q: 'Nashville on the 12th + 13th of Feb, Louisville, Cincinnati, Columbus in that order, 200 cap, van, no more than 4 hrs drive',
    x: {
      nights: { 'Nashville, TN': ['2027-02-12', '2027-02-13'] },
      places: ['Nashville, TN', 'Louisville, KY', 'Cincinnati, OH', 'Columbus, OH'],
      order: true,
      cap: 4,
    },
  },
  {
    q: 'Austin Feb 12th/13th then San Antonio and Houston, order as listed, 350 cap, van, weekends only',
    x: {
      nights: { 'Austin, TX': ['2027-02-12', '2027-02-13'] },
      places: ['Austin, TX', 'San Antonio, TX', 'Houston, TX'],
      order: true,
      only: WEEKEND,
    },
  },
  {
    q: 'Mar 5 & 6 in Philly then NYC and Boston, same order as the email, 300 cap, van, budget 12k',
    x: {
      nights: { 'Philadelphia, PA': ['2027-03-05', '2027-03-06'] },
      places: ['Philadelphia, PA', 'New York City, NY', 'Boston, MA'],
      order: true,
    },
  },
  {
    q: 'Denver & Boulder, then Denver again on Apr 23 and 24 for the record release (same room), 250 cap, van',
    x: { nights: { 'Denver, CO': ['2027-04-23', '2027-04-24'] }, sameRoom: ['Denver, CO'], places: ['Boulder, CO'] },
  },
  {
    q: 'Tulsa, OKC, then Wichita; any order is fine honestly, 150 cap, van, no more than 5 hrs drive, budget 4k, starting April 8',
    x: { places: ['Tulsa, OK', 'Oklahoma City, OK', 'Wichita, KS'], cap: 5, from: ['2027-04-08', '2027-04-08'] },
  },
  {
    q: 'Knoxville, Asheville, Chattanooga and Birmingham in May, not necessarily in this order, 200 cap, van, 2 days off somewhere',
    x: { places: ['Knoxville, TN', 'Asheville, NC', 'Chattanooga, TN', 'Birmingham, AL'], offDays: 2 },
  },
  {
    q: 'Richmond on May 14th and 15th then DC and Baltimore, please dont reorder, 250 cap, van, trio',
    x: {
      nights: { 'Richmond, VA': ['2027-05-14', '2027-05-15'] },
      places: ['Richmond, VA', 'Washington, DC', 'Baltimore, MD'],
      order: true,
    },
  },
  {
    q: 'Kansas City the 9th n 10th of April, then St Louis, then Chicago the 13th, 300 cap, van',
    x: {
      nights: { 'Kansas City, MO': ['2027-04-09', '2027-04-10'] },
      on: { 'Chicago, IL': '2027-04-13' },
      places: ['Kansas City, MO', 'St. Louis, MO', 'Chicago, IL'],
      order: true,
    },
  },
  {
    q: 'Minneapolis Fri Mar 19 and Sat Mar 20, Madison Mar 21, Milwaukee Mar 23 - in the order above - 200 cap, van, 5-piece',
    x: {
      nights: { 'Minneapolis, MN': ['2027-03-19', '2027-03-20'] },
      on: { 'Madison, WI': '2027-03-21', 'Milwaukee, WI': '2027-03-23' },
      order: true,
      places: ['Minneapolis, MN', 'Madison, WI', 'Milwaukee, WI'],
    },
  },
  {
    q: 'we fly in to Phoenix, Phoenix on Jan 29 & 30 then Tucson, then Albuquerque, 300 cap, rent a van, no more than 6 hours driving a day',
    x: {
      nights: { 'Phoenix, AZ': ['2027-01-29', '2027-01-30'] },
      first: 'Phoenix, AZ',
      places: ['Phoenix, AZ', 'Tucson, AZ', 'Albuquerque, NM'],
      order: true,
      cap: 6,
    },
  },
  {
    q: 'Portland OR, Seattle, Spokane and Boise in that exact sequence, June, 200 cap, van, max 3 in a row',
    x: { places: ['Portland, OR', 'Seattle, WA', 'Spokane, WA', 'Boise, ID'], order: true, maxRun: 3 },
  },
  {
    q: 'Looking at Charlotte Apr 16-17 (2 nights same club), Raleigh 18th, Richmond 20th - 350 cap, bus, budget around 15k',
    x: {
      nights: { 'Charlotte, NC': ['2027-04-16', '2027-04-17'] },
      sameRoom: ['Charlotte, NC'],
      on: { 'Raleigh, NC': '2027-04-18', 'Richmond, VA': '2027-04-20' },
    },
  },
  {
    q: 'Salt Lake City July 9 thru 11, one room all three nights, then Denver on the 13th, 250 cap, van',
    x: {
      nights: { 'Salt Lake City, UT': ['2027-07-09', '2027-07-10', '2027-07-11'] },
      sameRoom: ['Salt Lake City, UT'],
      on: { 'Denver, CO': '2027-07-13' },
    },
  },
  {
    q: 'Nola Feb 12 & 13 (parade weekend!!) then Baton Rouge and Lafayette LA, 200 cap, van, no Texas',
    x: {
      nights: { 'New Orleans, LA': ['2027-02-12', '2027-02-13'] },
      places: ['New Orleans, LA', 'Baton Rouge, LA', 'Lafayette, LA'],
      no: ['TX'],
    },
  },
  {
    q: 'Book Austin 5/14 and 5/15, then Dallas and OKC, keep the order I wrote, 300 cap, van',
    x: {
      nights: { 'Austin, TX': ['2027-05-14', '2027-05-15'] },
      places: ['Austin, TX', 'Dallas, TX', 'Oklahoma City, OK'],
      order: true,
    },
  },
  {
    q: 'two nights in Louisville on Mar 26 and 27, then Lexington, Cincinnati and Indianapolis in that order, 150 cap, van, no Mondays',
    x: {
      nights: { 'Louisville, KY': ['2027-03-26', '2027-03-27'] },
      places: ['Louisville, KY', 'Lexington, KY', 'Cincinnati, OH', 'Indianapolis, IN'],
      order: true,
      only: [0, 2, 3, 4, 5, 6],
    },
  },
  {
    q: "Pittsburgh on Oct 8th & Oct 9th, Cleveland Oct 10, Detroit Oct 12 (order matters, it's how the label booked it), 250 cap, van, 4-piece",
    x: {
      nights: { 'Pittsburgh, PA': ['2027-10-08', '2027-10-09'] },
      on: { 'Cleveland, OH': '2027-10-10', 'Detroit, MI': '2027-10-12' },
      places: ['Pittsburgh, PA', 'Cleveland, OH', 'Detroit, MI'],
      order: true,
    },
  },
  {
    q: 'Memphis then Nashville then Atlanta then Birmingham, June, as listed, no more than 4 hrs drive, 200 cap, jazz trio',
    x: { places: ['Memphis, TN', 'Nashville, TN', 'Atlanta, GA', 'Birmingham, AL'], order: true, cap: 4 },
  },
  {
    q: 'Hi team - Tampa, Orlando, Jacksonville & Savannah in Nov, sequence as written, Tampa on the 5th and 6th, 250 cap, no Sundays',
    x: {
      nights: { 'Tampa, FL': ['2027-11-05', '2027-11-06'] },
      places: ['Tampa, FL', 'Orlando, FL', 'Jacksonville, FL', 'Savannah, GA'],
      order: true,
      only: [1, 2, 3, 4, 5, 6],
    },
  },
  {
    q: 'Boston the 12th and the 13th of March, then Providence and Portland, Maine, keep that order, 200 cap, van',
    x: {
      nights: { 'Boston, MA': ['2027-03-12', '2027-03-13'] },
      places: ['Boston, MA', 'Providence, RI', 'Portland, ME'],
      order: true,
    },
  },
  {
    q: 'OKC Sat Jan 30 & Sun Jan 31 then Tulsa, Wichita, KC - route as given, 150 cap, van, max 5 hrs drive',
    x: {
      nights: { 'Oklahoma City, OK': ['2027-01-30', '2027-01-31'] },
      places: ['Oklahoma City, OK', 'Tulsa, OK', 'Wichita, KS', 'Kansas City, MO'],
      order: true,
      cap: 5,
    },
  },
  {
    q: 'Feb 19 & 20 in Austin, then Houston and San Antonio, 300 cap, van, budget 10k, indie 4-piece',
    x: { nights: { 'Austin, TX': ['2027-02-19', '2027-02-20'] }, places: ['Austin, TX', 'Houston, TX', 'San Antonio, TX'] },
  },
  {
    q: 'San Diego Fri 12th & Sat 13th of March then LA and SF, in the same order, no more than 8 hrs drive, 400 cap',
    x: {
      nights: { 'San Diego, CA': ['2027-03-12', '2027-03-13'] },
      places: ['San Diego, CA', 'Los Angeles, CA', 'San Francisco, CA'],
      order: true,
      cap: 8,
    },
  },
  {
    q: 'Atlanta, Nashville and Memphis in March, 200 cap, van, no Mondays',
    x: {},
    turns: [{ say: 'keep this order please', x: { places: ['Atlanta, GA', 'Nashville, TN', 'Memphis, TN'], order: true } }],
  },
  {
    q: 'New Orleans, Memphis and Nashville in April, 250 cap, van, 4-piece funk band',
    x: {},
    turns: [{ say: 'actually route them as listed', x: { places: ['New Orleans, LA', 'Memphis, TN', 'Nashville, TN'], order: true } }],
  },
]
