// The planner's evaluation corpus: requests written the way bookers and tour managers write them
// (emails, DMs, half sentences, typos, lower case), each with what a tour manager would check in
// the answer. Written before the parser was extended, and not edited to suit it: a request the
// planner gets wrong stays here and counts as a failure (see docs/planner.md for the latest run).
//
// Dates are relative to EVAL_TODAY. Cities are 'City, ST' and are matched by place (same state,
// within a few km), so a renamed venue city ('Washington, D.C.' / 'Washington') still matches.
// Every case is also checked for what holds for all of them (tests/planner-eval/checks.ts): every
// leg drivable in its days under the planner's travel model, rooms that fit the draw, the budget
// honoured where a cheaper plan exists, no city dropped without a reason, reasons in human dates.

export const EVAL_TODAY = '2026-12-01'

export interface EvalExpect {
  /** Cities that must get a show. */
  places?: string[]
  /** `places` must be played in that order. */
  ordered?: boolean
  first?: string
  last?: string
  /** Exact number of shows, or an inclusive range. */
  shows?: number | [number, number]
  /** First show on a date in this inclusive range. */
  start?: [string, string]
  /** Last show on or before this date. */
  endBy?: string
  /** First show in this month (YYYY-MM). */
  month?: string
  /** Every show in one of these states. */
  states?: string[]
  guests?: number
  budget?: number
  mode?: 'drive' | 'bus' | 'train' | 'fly'
  /** These cities are reported (not placed), with a reason matching the pattern. */
  reported?: { city: string; reason: RegExp }[]
  /** The planner asks which of several places was meant (a question matching the pattern). */
  asks?: RegExp
  /** No show on these weekdays (0 = Sunday). */
  noWeekdays?: number[]
  /** At most this many shows in a row without a day off. */
  maxInARow?: number
  /** Tour days from the first to the last show, inclusive, at most. */
  maxDays?: number
  /** A return leg to this city closes the tour. */
  returnsTo?: string
  /** The plan says what it changed from the request (more days, a flight leg). */
  changed?: RegExp
  /** A genre the rooms should suit wherever the city has a fitting room for it. */
  genre?: string
}

export interface EvalCase {
  q: string
  expect: EvalExpect
}

const WEST_COAST = ['CA', 'OR', 'WA']
const PNW = ['WA', 'OR', 'ID']
const MIDWEST = ['IL', 'IN', 'IA', 'KS', 'MI', 'MN', 'MO', 'NE', 'ND', 'OH', 'SD', 'WI']
const NORTHEAST = ['CT', 'ME', 'MA', 'NH', 'NJ', 'NY', 'PA', 'RI', 'VT']
const EAST_COAST = ['ME', 'NH', 'MA', 'RI', 'CT', 'NY', 'NJ', 'PA', 'DE', 'MD', 'DC', 'VA', 'NC', 'SC', 'GA', 'FL']
const SOUTHEAST = ['AL', 'FL', 'GA', 'KY', 'MS', 'NC', 'SC', 'TN', 'VA', 'WV', 'AR', 'LA']
const NEW_ENGLAND = ['CT', 'ME', 'MA', 'NH', 'RI', 'VT']
const MOUNTAIN = ['CO', 'UT', 'ID', 'MT', 'WY', 'NM', 'NV', 'AZ']

export const CORPUS: EvalCase[] = [
  // The requests quoted in the issue.
  {
    q: '3 nights from Austin to Denver in March, 300 people, $15,000, we drive',
    expect: { places: ['Austin, TX', 'Denver, CO'], ordered: true, shows: 2, month: '2027-03', guests: 300, budget: 15000, mode: 'drive' },
  },
  {
    q: '5 shows from Seattle to Los Angeles in June, 300 people, $25,000, by van',
    expect: {
      first: 'Seattle, WA',
      last: 'Los Angeles, CA',
      shows: 5,
      month: '2027-06',
      states: WEST_COAST,
      guests: 300,
      budget: 25000,
      mode: 'drive',
    },
  },
  {
    q: 'Nashville, Atlanta, Charlotte, 2 weeks in April, 150 people, $8000, tour bus',
    expect: {
      places: ['Nashville, TN', 'Atlanta, GA', 'Charlotte, NC'],
      shows: 3,
      month: '2027-04',
      guests: 150,
      budget: 8000,
      mode: 'bus',
    },
  },
  { q: 'Washington DC and Baltimore', expect: { places: ['Washington, DC', 'Baltimore, MD'], shows: 2 } },
  { q: 'west coast run, 5 shows in May', expect: { shows: 5, states: WEST_COAST, month: '2027-05' } },
  {
    q: 'Denver, then Salt Lake City, then Boise, then Portland. In this order please, late August, 250 people',
    expect: {
      places: ['Denver, CO', 'Salt Lake City, UT', 'Boise, ID', 'Portland, OR'],
      ordered: true,
      start: ['2027-08-18', '2027-08-31'],
      guests: 250,
    },
  },
  {
    q: 'Chicago, Gotham and Detroit next month',
    expect: { places: ['Chicago, IL', 'Detroit, MI'], reported: [{ city: 'Gotham', reason: /do not know/i }], month: '2027-01' },
  },

  // Show counts and durations.
  {
    q: '6 shows in Texas in February, about 200 people a night, 12k budget',
    expect: { shows: 6, states: ['TX'], month: '2027-02', guests: 200, budget: 12000 },
  },
  {
    q: 'one show each in Boston, Providence and New Haven, first weekend of October, 250 cap',
    expect: { places: ['Boston, MA', 'Providence, RI', 'New Haven, CT'], shows: 3, start: ['2027-10-01', '2027-10-03'], guests: 250 },
  },
  {
    q: 'Portland, Seattle, Spokane and Boise - 10 days in July, we draw about 120, $6k',
    expect: {
      places: ['Portland, OR', 'Seattle, WA', 'Spokane, WA', 'Boise, ID'],
      shows: 4,
      month: '2027-07',
      guests: 120,
      budget: 6000,
      maxDays: 10,
    },
  },
  {
    q: 'a long weekend in Nashville and Memphis, 80 people',
    expect: { places: ['Nashville, TN', 'Memphis, TN'], shows: 2, maxDays: 4, guests: 80 },
  },
  {
    q: 'From June 10 to June 20: Chicago, Milwaukee, Minneapolis, Madison. 400 people, $20,000',
    expect: {
      places: ['Chicago, IL', 'Milwaukee, WI', 'Minneapolis, MN', 'Madison, WI'],
      start: ['2027-06-10', '2027-06-12'],
      endBy: '2027-06-20',
      guests: 400,
      budget: 20000,
    },
  },
  {
    q: '8 gigs across the Midwest in September, 150 cap, budget 10 grand',
    expect: { shows: 8, states: MIDWEST, month: '2027-09', guests: 150, budget: 10000 },
  },
  {
    q: 'two weeks on the east coast starting in Boston in May',
    expect: { first: 'Boston, MA', states: EAST_COAST, month: '2027-05', shows: [4, 14], maxDays: 14 },
  },
  {
    q: 'Houston, Dallas, Austin, San Antonio - a week, 300 people',
    expect: { places: ['Houston, TX', 'Dallas, TX', 'Austin, TX', 'San Antonio, TX'], shows: 4, maxDays: 7 },
  },
  {
    q: 'a fortnight in the Pacific Northwest, 7 shows, late May',
    expect: { shows: 7, states: PNW, start: ['2027-05-18', '2027-05-31'], maxDays: 14 },
  },
  {
    q: 'four nights: Phoenix, Tucson, Albuquerque, El Paso',
    expect: { places: ['Phoenix, AZ', 'Tucson, AZ', 'Albuquerque, NM', 'El Paso, TX'], shows: 4 },
  },
  {
    q: '10 days, 6 shows, starting in Atlanta, heading up the east coast, 200 people',
    expect: { first: 'Atlanta, GA', shows: 6, maxDays: 10, guests: 200 },
  },
  {
    q: 'three shows: Minneapolis, Milwaukee, Chicago in early November, 350 people',
    expect: { places: ['Minneapolis, MN', 'Milwaukee, WI', 'Chicago, IL'], shows: 3, start: ['2027-11-01', '2027-11-10'] },
  },
  {
    q: '12 shows across Texas and Oklahoma in March, van, 150 people, $15k',
    expect: { shows: 12, states: ['TX', 'OK'], month: '2027-03', guests: 150 },
  },
  {
    q: 'Book me 3 dates in Florida in January - Miami, Orlando, Tampa. 500 ppl',
    expect: { places: ['Miami, FL', 'Orlando, FL', 'Tampa, FL'], shows: 3, month: '2027-01', guests: 500 },
  },
  { q: 'a week in California, 5 shows, 400 cap, we fly in and rent a van', expect: { shows: 5, states: ['CA'], maxDays: 7, guests: 400 } },

  // Dates in every common form.
  {
    q: 'Austin and Houston, late March, 200 people',
    expect: { places: ['Austin, TX', 'Houston, TX'], start: ['2027-03-18', '2027-03-31'] },
  },
  {
    q: 'Memphis, Nashville, Louisville mid April',
    expect: { places: ['Memphis, TN', 'Nashville, TN', 'Louisville, KY'], start: ['2027-04-10', '2027-04-20'] },
  },
  {
    q: 'Denver and Colorado Springs early May, 150 people',
    expect: { places: ['Denver, CO', 'Colorado Springs, CO'], start: ['2027-05-01', '2027-05-10'] },
  },
  {
    q: 'starting 2027-04-10: Cleveland, Pittsburgh, Buffalo, 250 people, $9,000',
    expect: { places: ['Cleveland, OH', 'Pittsburgh, PA', 'Buffalo, NY'], start: ['2027-04-10', '2027-04-12'], budget: 9000 },
  },
  {
    q: 'Dallas Friday, Austin Saturday',
    expect: { places: ['Dallas, TX', 'Austin, TX'], ordered: true, start: ['2026-12-04', '2026-12-04'] },
  },
  {
    q: 'Raleigh, Durham and Charlotte starting this Friday',
    expect: { places: ['Raleigh, NC', 'Durham, NC', 'Charlotte, NC'], start: ['2026-12-04', '2026-12-06'] },
  },
  {
    q: 'Omaha, Des Moines, Kansas City on April 3rd for 4 days',
    expect: { places: ['Omaha, NE', 'Des Moines, IA', 'Kansas City, MO'], start: ['2027-04-03', '2027-04-04'], maxDays: 4 },
  },
  {
    q: 'the week of May 17: Richmond, Norfolk, Virginia Beach',
    expect: { places: ['Richmond, VA', 'Norfolk, VA', 'Virginia Beach, VA'], start: ['2027-05-17', '2027-05-19'], endBy: '2027-05-23' },
  },
  {
    q: 'Boise Jan 15 2027, then Salt Lake, then Reno',
    expect: { places: ['Boise, ID', 'Salt Lake City, UT', 'Reno, NV'], ordered: true, start: ['2027-01-15', '2027-01-15'] },
  },
  { q: 'Tulsa and Oklahoma City in October 2027, 300 people', expect: { places: ['Tulsa, OK', 'Oklahoma City, OK'], month: '2027-10' } },
  {
    q: 'San Diego 3/20, Los Angeles 3/21, San Francisco 3/23',
    expect: { places: ['San Diego, CA', 'Los Angeles, CA', 'San Francisco, CA'], ordered: true, start: ['2027-03-20', '2027-03-20'] },
  },
  {
    q: 'new orleans and baton rouge over the weekend of feb 12',
    expect: { places: ['New Orleans, LA', 'Baton Rouge, LA'], start: ['2027-02-12', '2027-02-14'], maxDays: 3 },
  },
  {
    q: 'Detroit, Grand Rapids and Toledo the first week of June',
    expect: { places: ['Detroit, MI', 'Grand Rapids, MI', 'Toledo, OH'], start: ['2027-06-01', '2027-06-07'], endBy: '2027-06-08' },
  },
  { q: 'Seattle and Tacoma next weekend', expect: { places: ['Seattle, WA', 'Tacoma, WA'], start: ['2026-12-04', '2026-12-13'] } },

  // Order words.
  {
    q: 'Boston -> New York -> Philadelphia -> Baltimore',
    expect: { places: ['Boston, MA', 'New York City, NY', 'Philadelphia, PA', 'Baltimore, MD'], ordered: true },
  },
  { q: 'NYC → Boston → Philly, 300 people', expect: { places: ['New York City, NY', 'Boston, MA', 'Philadelphia, PA'], ordered: true } },
  {
    q: 'Start in Miami, then Orlando, Jacksonville, Savannah and end in Charleston SC',
    expect: { first: 'Miami, FL', last: 'Charleston, SC', places: ['Orlando, FL', 'Jacksonville, FL', 'Savannah, GA'] },
  },
  {
    q: 'starting in Chicago and ending in Nashville, with Indianapolis and Louisville in between',
    expect: { first: 'Chicago, IL', last: 'Nashville, TN', places: ['Indianapolis, IN', 'Louisville, KY'], shows: 4 },
  },
  {
    q: 'from Los Angeles to Phoenix with a stop in San Diego',
    expect: { first: 'Los Angeles, CA', last: 'Phoenix, AZ', places: ['San Diego, CA'], shows: 3 },
  },
  {
    q: 'Play these in this exact order: Atlanta, Birmingham, Nashville, Memphis, New Orleans',
    expect: { places: ['Atlanta, GA', 'Birmingham, AL', 'Nashville, TN', 'Memphis, TN', 'New Orleans, LA'], ordered: true },
  },
  {
    q: 'Kansas City > St. Louis > Chicago, 2 weeks from Sept 6',
    expect: { places: ['Kansas City, MO', 'St. Louis, MO', 'Chicago, IL'], ordered: true, start: ['2027-09-06', '2027-09-08'] },
  },
  {
    q: 'ending in Austin: Houston, San Antonio, Dallas',
    expect: { last: 'Austin, TX', places: ['Houston, TX', 'San Antonio, TX', 'Dallas, TX'] },
  },
  {
    q: 'Salt Lake City first, Denver last, Albuquerque somewhere in between',
    expect: { first: 'Salt Lake City, UT', last: 'Denver, CO', places: ['Albuquerque, NM'] },
  },

  // Home city.
  {
    q: "We're based in Portland, Oregon and want 5 shows down the west coast in May, 200 people, $12k, van",
    expect: { first: 'Portland, OR', shows: 5, states: WEST_COAST, month: '2027-05', guests: 200, budget: 12000 },
  },
  {
    q: 'Nashville band, home base is Nashville. Atlanta, Birmingham and Memphis then back home',
    expect: { first: 'Nashville, TN', places: ['Atlanta, GA', 'Birmingham, AL', 'Memphis, TN'], returnsTo: 'Nashville, TN' },
  },
  {
    q: 'we live in Austin, want to do Houston, Dallas and San Antonio, 150 people',
    expect: { first: 'Austin, TX', places: ['Houston, TX', 'Dallas, TX', 'San Antonio, TX'] },
  },
  {
    q: 'based out of Chicago. 4 shows in the Midwest in October, loop back to Chicago at the end',
    expect: { first: 'Chicago, IL', shows: 4, states: MIDWEST, month: '2027-10', returnsTo: 'Chicago, IL' },
  },
  {
    q: 'Denver-based duo looking for 3 shows in the Rockies in August, 100 people',
    expect: { first: 'Denver, CO', shows: 3, states: MOUNTAIN, month: '2027-08', guests: 100 },
  },

  // Regions.
  { q: 'Pacific Northwest, 4 shows in September, 150 cap', expect: { shows: 4, states: PNW, month: '2027-09' } },
  { q: '6 shows in the Midwest, June, 250 people, $9k', expect: { shows: 6, states: MIDWEST, month: '2027-06', budget: 9000 } },
  { q: 'the Northeast in October, 5 shows, 300 people', expect: { shows: 5, states: NORTHEAST, month: '2027-10' } },
  { q: '5 shows in Texas, 200 people, late January', expect: { shows: 5, states: ['TX'], start: ['2027-01-18', '2027-01-31'] } },
  {
    q: 'down the east coast from Boston to Miami, 8 shows, April',
    expect: { first: 'Boston, MA', last: 'Miami, FL', shows: 8, states: EAST_COAST, month: '2027-04' },
  },
  { q: 'a Southeast run, 6 shows, March, comedy', expect: { shows: 6, states: SOUTHEAST, month: '2027-03' } },
  {
    q: 'New England, 4 shows, first weekend of June and after',
    expect: { shows: 4, states: NEW_ENGLAND, start: ['2027-06-04', '2027-06-06'] },
  },
  { q: 'Florida, 4 dates in February, 300 people', expect: { shows: 4, states: ['FL'], month: '2027-02' } },
  { q: 'a few shows in the Carolinas in April - say 4', expect: { shows: 4, states: ['NC', 'SC'], month: '2027-04' } },
  {
    q: 'California run: 6 shows from San Diego up to Sacramento',
    expect: { first: 'San Diego, CA', last: 'Sacramento, CA', shows: 6, states: ['CA'] },
  },

  // How many people.
  {
    q: 'Columbus, Cincinnati, Cleveland - 300 cap rooms',
    expect: { places: ['Columbus, OH', 'Cincinnati, OH', 'Cleveland, OH'], guests: 300 },
  },
  {
    q: 'we draw about 120 in Minneapolis and maybe 80 in Des Moines, so small rooms please',
    expect: { places: ['Minneapolis, MN', 'Des Moines, IA'], guests: 120 },
  },
  { q: 'Philadelphia and Pittsburgh, crowd of 800', expect: { places: ['Philadelphia, PA', 'Pittsburgh, PA'], guests: 800 } },
  {
    q: 'LA and San Diego, expecting around 1,500 people per show, $40k',
    expect: { places: ['Los Angeles, CA', 'San Diego, CA'], guests: 1500, budget: 40000 },
  },
  {
    q: 'El Paso, Albuquerque, Tucson for a 60 person audience',
    expect: { places: ['El Paso, TX', 'Albuquerque, NM', 'Tucson, AZ'], guests: 60 },
  },
  { q: 'Las Vegas and Reno, 2k people', expect: { places: ['Las Vegas, NV', 'Reno, NV'], guests: 2000 } },
  {
    q: 'Hey! 5-piece indie band, we usually pull 150-200 people. Looking at Chicago, Detroit, Cleveland in May',
    expect: { places: ['Chicago, IL', 'Detroit, MI', 'Cleveland, OH'], guests: 200, month: '2027-05' },
  },

  // Budget forms.
  { q: 'Seattle, Portland, 2 shows, $15k', expect: { places: ['Seattle, WA', 'Portland, OR'], budget: 15000 } },
  {
    q: 'Houston and New Orleans, budget 15,000 dollars, 300 people',
    expect: { places: ['Houston, TX', 'New Orleans, LA'], budget: 15000 },
  },
  {
    q: 'Atlanta, Savannah, Charleston — 8 grand total, 150 people',
    expect: { places: ['Atlanta, GA', 'Savannah, GA', 'Charleston, SC'], budget: 8000 },
  },
  {
    q: 'Denver, Salt Lake City; budget: $12,500; 200 guests',
    expect: { places: ['Denver, CO', 'Salt Lake City, UT'], budget: 12500, guests: 200 },
  },
  {
    q: 'Dallas, Houston, Austin, San Antonio, 4 shows, 200 people, only $3,000 to spend',
    expect: { places: ['Dallas, TX', 'Houston, TX', 'Austin, TX', 'San Antonio, TX'], budget: 3000, guests: 200 },
  },
  { q: 'Boston and Providence, budget of USD 6000', expect: { places: ['Boston, MA', 'Providence, RI'], budget: 6000 } },
  { q: 'Milwaukee and Madison, under $5k all in', expect: { places: ['Milwaukee, WI', 'Madison, WI'], budget: 5000 } },

  // Travel modes.
  { q: 'Miami and Orlando, we fly', expect: { places: ['Miami, FL', 'Orlando, FL'], mode: 'fly' } },
  { q: 'NYC and Philly by train, 200 people', expect: { places: ['New York City, NY', 'Philadelphia, PA'], mode: 'train' } },
  {
    q: 'Phoenix, Tucson, Las Vegas in our sprinter van',
    expect: { places: ['Phoenix, AZ', 'Tucson, AZ', 'Las Vegas, NV'], mode: 'drive' },
  },
  { q: 'Chicago and Minneapolis, flying between shows', expect: { places: ['Chicago, IL', 'Minneapolis, MN'], mode: 'fly' } },
  { q: 'Atlanta to Nashville on the tour bus, 600 people', expect: { places: ['Atlanta, GA', 'Nashville, TN'], mode: 'bus', guests: 600 } },
  { q: 'seattle and los angeles by plane, 2 nights', expect: { places: ['Seattle, WA', 'Los Angeles, CA'], mode: 'fly', maxDays: 2 } },

  // Genres and event types.
  {
    q: 'jazz trio, New Orleans, Memphis, Nashville, 100 people, small clubs',
    expect: { places: ['New Orleans, LA', 'Memphis, TN', 'Nashville, TN'], genre: 'jazz' },
  },
  { q: 'comedy tour: Austin, Dallas, Houston, 250 seats', expect: { places: ['Austin, TX', 'Dallas, TX', 'Houston, TX'], guests: 250 } },
  {
    q: 'hip hop showcase in Atlanta and Charlotte, 400 people',
    expect: { places: ['Atlanta, GA', 'Charlotte, NC'], genre: 'hip-hop', guests: 400 },
  },
  { q: 'metal band, 5 shows in the Midwest in November, 300 cap', expect: { shows: 5, states: MIDWEST, month: '2027-11', guests: 300 } },
  {
    q: 'folk duo, acoustic sets, Burlington VT, Portland Maine, Boston, 80 people',
    expect: { places: ['Burlington, VT', 'Portland, ME', 'Boston, MA'], guests: 80 },
  },

  // Rest days.
  {
    q: '9 shows in the Midwest in October with a day off every 3 shows',
    expect: { shows: 9, states: MIDWEST, month: '2027-10', maxInARow: 3 },
  },
  {
    q: 'Dallas, Austin, Houston, San Antonio, Fort Worth, no Mondays, starting Feb 1',
    expect: { places: ['Dallas, TX', 'Austin, TX', 'Houston, TX', 'San Antonio, TX', 'Fort Worth, TX'], noWeekdays: [1] },
  },
  {
    q: 'Chicago, Milwaukee, Madison, Minneapolis - no shows on Sundays, day off after every 2 shows',
    expect: { places: ['Chicago, IL', 'Milwaukee, WI', 'Madison, WI', 'Minneapolis, MN'], noWeekdays: [0], maxInARow: 2 },
  },
  { q: '6 shows in Texas in April, no Mondays or Tuesdays', expect: { shows: 6, states: ['TX'], month: '2027-04', noWeekdays: [1, 2] } },

  // City names in every common form.
  { q: 'NYC, Philly and DC in March', expect: { places: ['New York City, NY', 'Philadelphia, PA', 'Washington, DC'], month: '2027-03' } },
  { q: 'LA, SF, San Diego', expect: { places: ['Los Angeles, CA', 'San Francisco, CA', 'San Diego, CA'] } },
  { q: 'Baltimore and D.C., 200 people', expect: { places: ['Baltimore, MD', 'Washington, DC'] } },
  { q: 'Richmond, Washington, D.C. and Philadelphia', expect: { places: ['Richmond, VA', 'Washington, DC', 'Philadelphia, PA'] } },
  { q: 'St. Louis and Kansas City', expect: { places: ['St. Louis, MO', 'Kansas City, MO'] } },
  { q: 'Saint Louis, Memphis, Nashville', expect: { places: ['St. Louis, MO', 'Memphis, TN', 'Nashville, TN'] } },
  { q: 'St Louis to Chicago', expect: { first: 'St. Louis, MO', last: 'Chicago, IL' } },
  {
    q: 'Raleigh, Winston-Salem, Charlotte',
    expect: { places: ['Raleigh, NC', 'Charlotte, NC'], reported: [{ city: 'Winston-Salem', reason: /no venues/i }] },
  },
  { q: 'Kansas City, KS and Wichita', expect: { places: ['Kansas City, KS', 'Wichita, KS'] } },
  { q: 'Kansas City MO, Omaha, Lincoln', expect: { places: ['Kansas City, MO', 'Omaha, NE', 'Lincoln, NE'] } },
  { q: 'Vegas and Phoenix, we drive', expect: { places: ['Las Vegas, NV', 'Phoenix, AZ'] } },
  { q: 'NOLA, Baton Rouge and Houston', expect: { places: ['New Orleans, LA', 'Baton Rouge, LA', 'Houston, TX'] } },
  { q: 'New York, Boston and Washington DC, 500 people', expect: { places: ['New York City, NY', 'Boston, MA', 'Washington, DC'] } },
  { q: 'Minneapolis and St. Paul, 2 shows', expect: { places: ['Minneapolis, MN', 'Saint Paul, MN'], shows: 2 } },
  { q: 'Ft. Worth, Dallas and Oklahoma City', expect: { places: ['Fort Worth, TX', 'Dallas, TX', 'Oklahoma City, OK'] } },
  { q: 'Salt Lake and Boise', expect: { places: ['Salt Lake City, UT', 'Boise, ID'] } },
  { q: 'Brooklyn, Boston, Providence, 150 cap', expect: { places: ['Brooklyn, NY', 'Boston, MA', 'Providence, RI'] } },

  // Ambiguous names.
  { q: 'Portland and Seattle, 200 people', expect: { places: ['Portland, OR', 'Seattle, WA'] } },
  { q: 'Portland, Boston and Burlington', expect: { places: ['Portland, ME', 'Boston, MA', 'Burlington, VT'] } },
  { q: 'Portland in June, 150 people', expect: { asks: /Portland/ } },
  { q: 'Portland, Maine and Manchester NH', expect: { places: ['Portland, ME', 'Manchester, NH'] } },
  { q: 'Springfield, Tulsa and Kansas City', expect: { places: ['Springfield, MO', 'Tulsa, OK', 'Kansas City, MO'] } },
  { q: 'Boston, Worcester, Springfield', expect: { places: ['Boston, MA', 'Worcester, MA', 'Springfield, MA'] } },
  { q: 'Charleston, Columbia and Savannah', expect: { places: ['Charleston, SC', 'Columbia, SC', 'Savannah, GA'] } },
  { q: 'Columbia and Baltimore', expect: { places: ['Columbia, MD', 'Baltimore, MD'] } },
  { q: 'Springfield', expect: { asks: /Springfield/ } },

  // Typos and lower case.
  { q: 'seatle, portland and boise in june', expect: { places: ['Seattle, WA', 'Portland, OR', 'Boise, ID'], month: '2027-06' } },
  { q: 'pheonix to tucson, 2 nights', expect: { places: ['Phoenix, AZ', 'Tucson, AZ'] } },
  { q: 'nashvile and memphis, 100 ppl', expect: { places: ['Nashville, TN', 'Memphis, TN'] } },
  {
    q: 'Albuquerqe, Santa Fe, Denver',
    expect: { places: ['Albuquerque, NM', 'Santa Fe, NM', 'Denver, CO'] },
  },
  { q: 'philedelphia and pittsburgh, 300 people, 5k', expect: { places: ['Philadelphia, PA', 'Pittsburgh, PA'], budget: 5000 } },
  { q: 'detriot, chicgo, milwaukee', expect: { places: ['Detroit, MI', 'Chicago, IL', 'Milwaukee, WI'] } },
  { q: 'austin houston dallas', expect: { places: ['Austin, TX', 'Houston, TX', 'Dallas, TX'] } },
  {
    q: 'san antonio and corpus christi in march, 200 ppl',
    expect: { places: ['San Antonio, TX', 'Corpus Christi, TX'], month: '2027-03' },
  },
  { q: 'new orleans, jackson, birmingham 3 shows', expect: { places: ['New Orleans, LA', 'Jackson, MS', 'Birmingham, AL'], shows: 3 } },

  // Cities it cannot place.
  {
    q: 'Denver, Boulder and Fort Collins',
    expect: {
      places: ['Denver, CO', 'Boulder, CO', 'Fort Collins, CO'],
    },
  },
  {
    q: 'Asheville, Knoxville and Chattanooga in May',
    expect: {
      places: ['Knoxville, TN', 'Asheville, NC', 'Chattanooga, TN'],
    },
  },
  {
    q: 'Atlanta, Narnia and Nashville',
    expect: { places: ['Atlanta, GA', 'Nashville, TN'], reported: [{ city: 'Narnia', reason: /do not know/i }] },
  },

  // As written it cannot work: the nearest plan that keeps every city.
  { q: 'Miami to Seattle in 3 days, we drive', expect: { places: ['Miami, FL', 'Seattle, WA'], ordered: true, changed: /day|fl/i } },
  { q: 'NYC and LA on back to back nights', expect: { places: ['New York City, NY', 'Los Angeles, CA'], changed: /day|fl/i } },
  {
    q: 'Boston, Chicago, Denver, San Francisco in 4 days by van',
    expect: { places: ['Boston, MA', 'Chicago, IL', 'Denver, CO', 'San Francisco, CA'], changed: /day|fl/i },
  },

  // Long, chatty requests.
  {
    q: "Hey! We're a 5-piece indie rock band out of Denver. Looking to book about 6 shows in late April, heading west through Salt Lake City and ending in Portland. We usually draw 150-200 people. Budget is around $10k all in, we travel in our own van. Prefer clubs with a good PA. Need a day off every 3 shows.",
    expect: {
      first: 'Denver, CO',
      last: 'Portland, OR',
      places: ['Salt Lake City, UT'],
      shows: 6,
      start: ['2027-04-18', '2027-04-30'],
      guests: 200,
      budget: 10000,
      mode: 'drive',
      maxInARow: 3,
    },
  },
  {
    q: 'Hi there, I manage a comedian who wants to do a short Texas run in February: Houston, Austin and Dallas, ideally Thursday to Saturday. Rooms of about 300 seats, and we have about $7,500 for venues, hotels and travel.',
    expect: { places: ['Houston, TX', 'Austin, TX', 'Dallas, TX'], month: '2027-02', guests: 300, budget: 7500 },
  },
  {
    q: 'looking for venues for our jazz quartet - we want to play New Orleans first, then Houston, Austin and finish in San Antonio. mid March. we draw maybe 100 people. budget 6k. driving.',
    expect: {
      places: ['New Orleans, LA', 'Houston, TX', 'Austin, TX', 'San Antonio, TX'],
      ordered: true,
      start: ['2027-03-10', '2027-03-20'],
      guests: 100,
      budget: 6000,
    },
  },
  {
    q: 'We are a wedding band based in Charlotte, NC. Need 3 showcase nights in Raleigh, Greensboro and Charlotte the second week of May for about 250 guests each, budget $9k.',
    expect: { places: ['Raleigh, NC', 'Greensboro, NC', 'Charlotte, NC'], start: ['2027-05-08', '2027-05-14'], guests: 250, budget: 9000 },
  },
  {
    q: 'DJ collective planning a club night tour. Cities: Miami, Atlanta, Nashville, Chicago, Detroit (in that order). Starting Sept 10. ~400 people a night, 25k total, we will fly between cities.',
    expect: {
      places: ['Miami, FL', 'Atlanta, GA', 'Nashville, TN', 'Chicago, IL', 'Detroit, MI'],
      ordered: true,
      start: ['2027-09-10', '2027-09-12'],
      guests: 400,
      budget: 25000,
      mode: 'fly',
    },
  },
  {
    q: 'Can you put together 7 dates for us in the Northeast in late June? We are a punk band, we draw 150, we have a van, and our budget is 8 grand. We would like to start in Philly and end in Boston.',
    expect: {
      first: 'Philadelphia, PA',
      last: 'Boston, MA',
      shows: 7,
      states: NORTHEAST,
      start: ['2027-06-18', '2027-06-30'],
      guests: 150,
      budget: 8000,
    },
  },

  // Short ones.
  { q: 'Austin', expect: { places: ['Austin, TX'], shows: 1 } },
  { q: 'LA to SF', expect: { first: 'Los Angeles, CA', last: 'San Francisco, CA' } },
  { q: 'chicago detroit cleveland', expect: { places: ['Chicago, IL', 'Detroit, MI', 'Cleveland, OH'] } },
  { q: 'Denver 2 nights', expect: { places: ['Denver, CO'], shows: 1 } },
  { q: 'Boise, Spokane, Missoula, Billings', expect: { places: ['Boise, ID', 'Spokane, WA', 'Missoula, MT', 'Billings, MT'] } },
  { q: 'Anchorage and Fairbanks, 100 people', expect: { places: ['Anchorage, AK', 'Fairbanks, AK'] } },
  { q: 'Honolulu, 300 people, $5k', expect: { places: ['Honolulu, HI'], shows: 1 } },
  // Held out: written after the parser's first version passed the cases above, without running
  // them first. Their first run is recorded in docs/planner.md.
  {
    q: "We're a three piece from Omaha looking to play Des Moines, Minneapolis, and Milwaukee in early October. Budget is tight, maybe $4k. Van.",
    expect: {
      first: 'Omaha, NE',
      places: ['Des Moines, IA', 'Minneapolis, MN', 'Milwaukee, WI'],
      start: ['2027-10-01', '2027-10-10'],
      budget: 4000,
      mode: 'drive',
    },
  },
  {
    q: 'Need a run through Florida: Jacksonville, Orlando, Tampa, Miami. Aug 12-19. 350 capacity rooms.',
    expect: {
      places: ['Jacksonville, FL', 'Orlando, FL', 'Tampa, FL', 'Miami, FL'],
      shows: 4,
      start: ['2027-08-12', '2027-08-14'],
      endBy: '2027-08-19',
      guests: 350,
    },
  },
  {
    q: 'Seattle → Portland → Boise → Salt Lake City, leaving Sept 3, 200 draw, 9k',
    expect: {
      places: ['Seattle, WA', 'Portland, OR', 'Boise, ID', 'Salt Lake City, UT'],
      ordered: true,
      start: ['2027-09-03', '2027-09-05'],
      guests: 200,
      budget: 9000,
    },
  },
  {
    q: 'book 6 dates in the south for a country act in may, we draw 400',
    expect: {
      shows: 6,
      states: ['AL', 'FL', 'GA', 'KY', 'MS', 'NC', 'SC', 'TN', 'VA', 'WV', 'AR', 'LA', 'TX', 'OK'],
      month: '2027-05',
      guests: 400,
    },
  },
  {
    q: 'Midwest tour, 10 shows, starting and ending in Chicago, late February, 250 cap, $18k',
    expect: {
      first: 'Chicago, IL',
      shows: 10,
      states: MIDWEST,
      start: ['2027-02-18', '2027-02-28'],
      guests: 250,
      budget: 18000,
      returnsTo: 'Chicago, IL',
    },
  },
  {
    q: 'Tampa, Orlando and Jax this weekend',
    expect: { places: ['Tampa, FL', 'Orlando, FL', 'Jacksonville, FL'], start: ['2026-12-04', '2026-12-06'] },
  },
  {
    q: 'Can we do Denver & Colorado Springs on the 14th and 15th of May?',
    expect: { places: ['Denver, CO', 'Colorado Springs, CO'], start: ['2027-05-14', '2027-05-14'] },
  },
  {
    q: 'Three shows in the Bay Area in April (SF, Oakland, San Jose), about 300 people each',
    expect: { places: ['San Francisco, CA', 'Oakland, CA', 'San Jose, CA'], shows: 3, month: '2027-04', guests: 300 },
  },
  {
    q: 'touring the gulf coast in march: houston, new orleans, mobile, pensacola, tampa',
    expect: {
      places: ['Houston, TX', 'New Orleans, LA', 'Mobile, AL', 'Tampa, FL'],
      reported: [{ city: 'Pensacola', reason: /no venues/i }],
      month: '2027-03',
    },
  },
  {
    q: '12 shows, 2 weeks, Northeast + Mid-Atlantic, from NYC, 500 people, $35,000, bus',
    expect: {
      first: 'New York City, NY',
      shows: 12,
      states: ['CT', 'ME', 'MA', 'NH', 'NJ', 'NY', 'PA', 'RI', 'VT', 'DE', 'MD', 'DC', 'VA'],
      maxDays: 14,
      guests: 500,
      mode: 'bus',
    },
  },
  {
    q: 'we want to play in LA on June 5 and SF on June 7',
    expect: { places: ['Los Angeles, CA', 'San Francisco, CA'], ordered: true, start: ['2027-06-05', '2027-06-05'] },
  },
  {
    q: 'Indy, Cincy, Columbus, Cleveland — 4 nights, 150 heads, $5,500',
    expect: { places: ['Indianapolis, IN', 'Cincinnati, OH', 'Columbus, OH', 'Cleveland, OH'], guests: 150, budget: 5500 },
  },
  { q: 'a week and a half in the Pacific Northwest in July', expect: { states: PNW, month: '2027-07', shows: [4, 11], maxDays: 11 } },
  {
    q: 'Boston to DC with stops in NYC and Philly, Oct 1-6, 400 cap',
    expect: {
      first: 'Boston, MA',
      last: 'Washington, DC',
      places: ['New York City, NY', 'Philadelphia, PA'],
      start: ['2027-10-01', '2027-10-02'],
      endBy: '2027-10-06',
      guests: 400,
    },
  },
  {
    q: 'OKC, Tulsa, Wichita, KC: fall tour, 3 weeks starting 9/15, 120 people',
    expect: {
      places: ['Oklahoma City, OK', 'Tulsa, OK', 'Wichita, KS', 'Kansas City, MO'],
      start: ['2027-09-15', '2027-09-17'],
      guests: 120,
    },
  },
  {
    q: 'Charlotte, Raleigh, Greensboro, Richmond and Norfolk, no Sundays, 2 weeks from April 1',
    expect: {
      places: ['Charlotte, NC', 'Raleigh, NC', 'Greensboro, NC', 'Richmond, VA', 'Norfolk, VA'],
      noWeekdays: [0],
      start: ['2027-04-01', '2027-04-03'],
    },
  },
  {
    q: 'play Austin on the 3rd, Houston on the 5th, Dallas on the 7th of next month',
    expect: { places: ['Austin, TX', 'Houston, TX', 'Dallas, TX'], ordered: true, start: ['2027-01-03', '2027-01-03'] },
  },
  {
    q: "we're an Atlanta-based R&B duo, 5 shows in the Southeast, mid-June, 200 people, $8k budget, driving",
    expect: {
      first: 'Atlanta, GA',
      shows: 5,
      states: SOUTHEAST,
      start: ['2027-06-10', '2027-06-20'],
      guests: 200,
      budget: 8000,
      mode: 'drive',
    },
  },
  {
    q: 'Salt Lake City, Denver and Albuquerque over 5 days, 180 people, fly',
    expect: { places: ['Salt Lake City, UT', 'Denver, CO', 'Albuquerque, NM'], maxDays: 5, guests: 180, mode: 'fly' },
  },
  {
    q: 'Long Beach, Anaheim and San Diego, 2nd weekend of July',
    expect: { places: ['Long Beach, CA', 'Anaheim, CA', 'San Diego, CA'], start: ['2027-07-09', '2027-07-11'] },
  },
  {
    q: 'Phoenix and Tucson on consecutive nights in January, 600 ppl',
    expect: { places: ['Phoenix, AZ', 'Tucson, AZ'], month: '2027-01', maxDays: 2, guests: 600 },
  },
  {
    q: 'tour of the Carolinas and Georgia, 6 shows, 100 people, under 6 grand',
    expect: { shows: 6, states: ['NC', 'SC', 'GA'], guests: 100, budget: 6000 },
  },
  {
    q: 'I need a tour from Kansas City to Denver, 3 shows, 2/10-2/14, 250 people',
    expect: {
      first: 'Kansas City, MO',
      last: 'Denver, CO',
      shows: 3,
      start: ['2027-02-10', '2027-02-11'],
      endBy: '2027-02-14',
      guests: 250,
    },
  },
  {
    q: 'El Paso, Albuquerque, Santa Fe, Denver, no Mondays, 300 cap, $12,000',
    expect: {
      places: ['El Paso, TX', 'Albuquerque, NM', 'Denver, CO'],
      reported: [{ city: 'Santa Fe', reason: /holds 300 guests/i }],
      noWeekdays: [1],
      guests: 300,
      budget: 12000,
    },
  },
  {
    q: 'Detroit, Grand Rapids, Lansing, Toledo',
    expect: { places: ['Detroit, MI', 'Grand Rapids, MI', 'Lansing, MI', 'Toledo, OH'] },
  },
  {
    q: '3 shows in NYC boroughs: Brooklyn, Queens, the Bronx, 300 cap',
    expect: { places: ['Brooklyn, NY', 'Queens, NY', 'The Bronx, NY'], shows: 3, guests: 300 },
  },
  {
    q: 'St Pete, Tampa and Orlando, 200 people, by car',
    expect: { places: ['St. Petersburg, FL', 'Tampa, FL', 'Orlando, FL'], mode: 'drive' },
  },
  {
    q: 'Nashville to New Orleans via Memphis and Jackson, 4 days',
    expect: { first: 'Nashville, TN', last: 'New Orleans, LA', places: ['Memphis, TN', 'Jackson, MS'], maxDays: 4 },
  },
  {
    q: 'start in Spokane, end in Portland, 5 shows, 150 people, Aug',
    expect: { first: 'Spokane, WA', last: 'Portland, OR', shows: 5, month: '2027-08', guests: 150 },
  },
  {
    q: 'Pittsburgh, Cleveland, Columbus, Cincinnati, Louisville, Indianapolis — 6 shows in 8 days, $14k, 300 people',
    expect: {
      places: ['Pittsburgh, PA', 'Cleveland, OH', 'Columbus, OH', 'Cincinnati, OH', 'Louisville, KY', 'Indianapolis, IN'],
      shows: 6,
      maxDays: 8,
      budget: 14000,
      guests: 300,
    },
  },
  {
    q: 'Minneapolis, Fargo, Sioux Falls, Omaha, Des Moines, loop back to Minneapolis, 150 people',
    expect: {
      first: 'Minneapolis, MN',
      places: ['Fargo, ND', 'Sioux Falls, SD', 'Omaha, NE', 'Des Moines, IA'],
      returnsTo: 'Minneapolis, MN',
    },
  },
  {
    q: 'San Antonio, Austin, Houston. Budget: 7,500. Guests: 350. Dates: March 12-16.',
    expect: {
      places: ['San Antonio, TX', 'Austin, TX', 'Houston, TX'],
      budget: 7500,
      guests: 350,
      start: ['2027-03-12', '2027-03-14'],
      endBy: '2027-03-16',
    },
  },
  {
    q: 'Book a 5 night run up the west coast from San Diego to Seattle',
    expect: { first: 'San Diego, CA', last: 'Seattle, WA', states: WEST_COAST },
  },
  {
    q: 'Birmingham, Montgomery and Mobile, weekends only, 200 ppl',
    expect: { places: ['Birmingham, AL', 'Montgomery, AL', 'Mobile, AL'], noWeekdays: [1, 2, 3, 4], guests: 200 },
  },
  {
    q: 'DC, Baltimore, Philly and NYC in that order, first week of December, 800 cap, $30k',
    expect: {
      places: ['Washington, DC', 'Baltimore, MD', 'Philadelphia, PA', 'New York City, NY'],
      ordered: true,
      start: ['2026-12-01', '2026-12-07'],
      guests: 800,
      budget: 30000,
    },
  },
  {
    q: 'Albany and Buffalo and Rochester',
    expect: {
      places: ['Buffalo, NY', 'Rochester, NY'],
      reported: [{ city: 'Albany', reason: /no venues/i }],
    },
  },
  {
    q: 'Las Vegas, Reno, Sacramento and San Francisco - 4 shows - 300 people - late october - van',
    expect: {
      places: ['Las Vegas, NV', 'Reno, NV', 'Sacramento, CA', 'San Francisco, CA'],
      shows: 4,
      guests: 300,
      start: ['2027-10-18', '2027-10-31'],
      mode: 'drive',
    },
  },
  {
    q: 'hey!! any chance of 2 shows in boise + 1 in salt lake next month? ~100 ppl',
    expect: { places: ['Boise, ID', 'Salt Lake City, UT'], month: '2027-01', guests: 100 },
  },
  {
    q: 'Looking for 4-5 dates in Colorado in mid September for a bluegrass band drawing around 150',
    expect: { shows: [4, 5], states: ['CO'], start: ['2027-09-10', '2027-09-20'], guests: 150 },
  },
  {
    q: 'Vegas residency? no - just Vegas, Phoenix, LA, San Diego, 1 show each, 1,000 people, $50k, flying',
    expect: {
      places: ['Las Vegas, NV', 'Phoenix, AZ', 'Los Angeles, CA', 'San Diego, CA'],
      shows: 4,
      guests: 1000,
      budget: 50000,
      mode: 'fly',
    },
  },
]
