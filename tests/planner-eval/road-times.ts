// Reference drive times between US cities, independent of the planner: typical no-traffic
// downtown-to-downtown times by the interstate route as mapping services publish them, rounded to
// the quarter hour (see docs/planner.md, 'The travel table', for where the figures come from and
// how far to trust them). The evaluation judges drive legs and drive caps by this table, never by
// the planner's own travel model; the calibration test prints the model's error against it.

export interface RoadTime {
  a: string
  b: string
  /** Hours at the wheel without stops or traffic. */
  hours: number
  /** Road miles of the usual route. */
  miles: number
}

export const ROAD_TIMES: readonly RoadTime[] = [
  { a: 'Austin, TX', b: 'Dallas, TX', hours: 3, miles: 195 },
  { a: 'Dallas, TX', b: 'Houston, TX', hours: 3.5, miles: 239 },
  { a: 'Austin, TX', b: 'San Antonio, TX', hours: 1.25, miles: 80 },
  { a: 'Austin, TX', b: 'Oklahoma City, OK', hours: 6, miles: 389 },
  { a: 'Dallas, TX', b: 'Oklahoma City, OK', hours: 3, miles: 206 },
  { a: 'Houston, TX', b: 'New Orleans, LA', hours: 5.25, miles: 348 },
  { a: 'New Orleans, LA', b: 'Atlanta, GA', hours: 6.75, miles: 470 },
  { a: 'Atlanta, GA', b: 'Nashville, TN', hours: 3.75, miles: 250 },
  { a: 'Nashville, TN', b: 'Memphis, TN', hours: 3.25, miles: 212 },
  { a: 'Atlanta, GA', b: 'Birmingham, AL', hours: 2.25, miles: 147 },
  { a: 'Atlanta, GA', b: 'Charlotte, NC', hours: 3.75, miles: 245 },
  { a: 'Charlotte, NC', b: 'Raleigh, NC', hours: 2.5, miles: 168 },
  { a: 'Raleigh, NC', b: 'Washington, DC', hours: 4.25, miles: 280 },
  { a: 'Washington, DC', b: 'Philadelphia, PA', hours: 2.5, miles: 140 },
  { a: 'Philadelphia, PA', b: 'New York City, NY', hours: 1.75, miles: 95 },
  { a: 'New York City, NY', b: 'Boston, MA', hours: 3.75, miles: 215 },
  { a: 'Boston, MA', b: 'Portland, ME', hours: 1.75, miles: 112 },
  { a: 'Chicago, IL', b: 'Milwaukee, WI', hours: 1.5, miles: 92 },
  { a: 'Chicago, IL', b: 'Detroit, MI', hours: 4.25, miles: 282 },
  { a: 'Chicago, IL', b: 'Indianapolis, IN', hours: 2.75, miles: 183 },
  { a: 'Chicago, IL', b: 'Minneapolis, MN', hours: 6, miles: 408 },
  { a: 'Chicago, IL', b: 'St. Louis, MO', hours: 4.25, miles: 297 },
  { a: 'St. Louis, MO', b: 'Kansas City, MO', hours: 3.75, miles: 248 },
  { a: 'Kansas City, MO', b: 'Denver, CO', hours: 8.25, miles: 603 },
  { a: 'Denver, CO', b: 'Salt Lake City, UT', hours: 7.5, miles: 520 },
  { a: 'Salt Lake City, UT', b: 'Las Vegas, NV', hours: 5.75, miles: 420 },
  { a: 'Las Vegas, NV', b: 'Los Angeles, CA', hours: 4, miles: 270 },
  { a: 'Los Angeles, CA', b: 'San Diego, CA', hours: 2, miles: 120 },
  { a: 'Los Angeles, CA', b: 'San Francisco, CA', hours: 5.75, miles: 382 },
  { a: 'San Francisco, CA', b: 'Sacramento, CA', hours: 1.5, miles: 88 },
  { a: 'Sacramento, CA', b: 'Portland, OR', hours: 8.5, miles: 580 },
  { a: 'Portland, OR', b: 'Seattle, WA', hours: 2.75, miles: 174 },
  { a: 'Seattle, WA', b: 'Boise, ID', hours: 7.5, miles: 500 },
  { a: 'Phoenix, AZ', b: 'Los Angeles, CA', hours: 5.5, miles: 372 },
  { a: 'Phoenix, AZ', b: 'Albuquerque, NM', hours: 6.5, miles: 420 },
  { a: 'Albuquerque, NM', b: 'Denver, CO', hours: 6.5, miles: 450 },
  { a: 'Cleveland, OH', b: 'Pittsburgh, PA', hours: 2, miles: 134 },
  { a: 'Columbus, OH', b: 'Cincinnati, OH', hours: 1.75, miles: 107 },
  { a: 'Louisville, KY', b: 'Nashville, TN', hours: 2.75, miles: 175 },
  { a: 'Nashville, TN', b: 'Knoxville, TN', hours: 2.75, miles: 180 },
  { a: 'Knoxville, TN', b: 'Chattanooga, TN', hours: 1.75, miles: 112 },
  { a: 'Denver, CO', b: 'Colorado Springs, CO', hours: 1.25, miles: 70 },
  { a: 'Boise, ID', b: 'Salt Lake City, UT', hours: 4.75, miles: 340 },
  { a: 'Seattle, WA', b: 'Spokane, WA', hours: 4.25, miles: 280 },
  { a: 'Minneapolis, MN', b: 'Milwaukee, WI', hours: 5.25, miles: 337 },
  { a: 'Memphis, TN', b: 'Little Rock, AR', hours: 2, miles: 137 },
  { a: 'Tampa, FL', b: 'Orlando, FL', hours: 1.5, miles: 85 },
  { a: 'Orlando, FL', b: 'Miami, FL', hours: 3.5, miles: 235 },
  { a: 'Jacksonville, FL', b: 'Atlanta, GA', hours: 5.25, miles: 346 },
  { a: 'Austin, TX', b: 'Denver, CO', hours: 13.75, miles: 920 },
  { a: 'Bozeman, MT', b: 'Missoula, MT', hours: 3, miles: 200 },
  { a: 'Birmingham, AL', b: 'Nashville, TN', hours: 3, miles: 191 },
  { a: 'Chattanooga, TN', b: 'Atlanta, GA', hours: 2, miles: 118 },
  // The touring markets a band routes through between the big cities (app/seed/touring-markets.ts).
  { a: 'Asheville, NC', b: 'Knoxville, TN', hours: 1.75, miles: 116 },
  { a: 'Asheville, NC', b: 'Charlotte, NC', hours: 2, miles: 130 },
  { a: 'Asheville, NC', b: 'Greenville, SC', hours: 1, miles: 62 },
  { a: 'Asheville, NC', b: 'Nashville, TN', hours: 4.5, miles: 295 },
  { a: 'Boone, NC', b: 'Asheville, NC', hours: 1.75, miles: 92 },
  { a: 'Chapel Hill, NC', b: 'Wilmington, NC', hours: 2.5, miles: 155 },
  { a: 'Wilmington, NC', b: 'Raleigh, NC', hours: 2, miles: 130 },
  { a: 'Greenville, SC', b: 'Charlotte, NC', hours: 1.5, miles: 100 },
  { a: 'Chattanooga, TN', b: 'Knoxville, TN', hours: 1.75, miles: 112 },
  { a: 'Chattanooga, TN', b: 'Nashville, TN', hours: 2, miles: 134 },
  { a: 'Johnson City, TN', b: 'Knoxville, TN', hours: 1.5, miles: 103 },
  { a: 'Bowling Green, KY', b: 'Nashville, TN', hours: 1, miles: 65 },
  { a: 'Athens, GA', b: 'Atlanta, GA', hours: 1.25, miles: 72 },
  { a: 'Tuscaloosa, AL', b: 'Birmingham, AL', hours: 1, miles: 58 },
  { a: 'Oxford, MS', b: 'Memphis, TN', hours: 1.25, miles: 80 },
  { a: 'Hattiesburg, MS', b: 'New Orleans, LA', hours: 1.75, miles: 110 },
  { a: 'Lafayette, LA', b: 'New Orleans, LA', hours: 2, miles: 136 },
  { a: 'Lafayette, LA', b: 'Houston, TX', hours: 3.25, miles: 217 },
  { a: 'Gainesville, FL', b: 'Jacksonville, FL', hours: 1.25, miles: 72 },
  { a: 'Gainesville, FL', b: 'Orlando, FL', hours: 1.75, miles: 112 },
  { a: 'Tallahassee, FL', b: 'Jacksonville, FL', hours: 2.5, miles: 165 },
  { a: 'Tallahassee, FL', b: 'New Orleans, LA', hours: 5.75, miles: 390 },
  { a: 'Denton, TX', b: 'Dallas, TX', hours: 0.75, miles: 40 },
  { a: 'San Marcos, TX', b: 'San Antonio, TX', hours: 0.75, miles: 50 },
  { a: 'Lawrence, KS', b: 'Kansas City, MO', hours: 0.75, miles: 41 },
  { a: 'Manhattan, KS', b: 'Kansas City, MO', hours: 1.75, miles: 120 },
  { a: 'Lawrence, KS', b: 'Denver, CO', hours: 8, miles: 560 },
  { a: 'Columbia, MO', b: 'St. Louis, MO', hours: 1.75, miles: 126 },
  { a: 'Columbia, MO', b: 'Kansas City, MO', hours: 1.75, miles: 126 },
  { a: 'Iowa City, IA', b: 'Des Moines, IA', hours: 1.75, miles: 114 },
  { a: 'Iowa City, IA', b: 'Chicago, IL', hours: 3.5, miles: 220 },
  { a: 'Iowa City, IA', b: 'Omaha, NE', hours: 3.5, miles: 240 },
  { a: 'Champaign, IL', b: 'Chicago, IL', hours: 2.25, miles: 136 },
  { a: 'Champaign, IL', b: 'Indianapolis, IN', hours: 2, miles: 123 },
  { a: 'Bloomington, IN', b: 'Indianapolis, IN', hours: 1, miles: 53 },
  { a: 'Lafayette, IN', b: 'Indianapolis, IN', hours: 1, miles: 65 },
  { a: 'Ann Arbor, MI', b: 'Chicago, IL', hours: 3.75, miles: 240 },
  { a: 'Kalamazoo, MI', b: 'Chicago, IL', hours: 2.25, miles: 146 },
  { a: 'Lansing, MI', b: 'Detroit, MI', hours: 1.5, miles: 90 },
  { a: 'Lansing, MI', b: 'Grand Rapids, MI', hours: 1, miles: 68 },
  { a: 'Eau Claire, WI', b: 'Minneapolis, MN', hours: 1.5, miles: 95 },
  { a: 'Duluth, MN', b: 'Minneapolis, MN', hours: 2.5, miles: 154 },
  { a: 'Athens, OH', b: 'Columbus, OH', hours: 1.25, miles: 75 },
  { a: 'Morgantown, WV', b: 'Pittsburgh, PA', hours: 1.25, miles: 75 },
  { a: 'Morgantown, WV', b: 'Washington, DC', hours: 3.25, miles: 205 },
  { a: 'State College, PA', b: 'Pittsburgh, PA', hours: 2.5, miles: 137 },
  { a: 'State College, PA', b: 'Philadelphia, PA', hours: 3.25, miles: 195 },
  { a: 'Lancaster, PA', b: 'Philadelphia, PA', hours: 1.5, miles: 70 },
  { a: 'Bethlehem, PA', b: 'Philadelphia, PA', hours: 1.25, miles: 60 },
  { a: 'Ithaca, NY', b: 'Syracuse, NY', hours: 1, miles: 57 },
  { a: 'Ithaca, NY', b: 'New York City, NY', hours: 4, miles: 225 },
  { a: 'Rochester, NY', b: 'Buffalo, NY', hours: 1.25, miles: 75 },
  { a: 'Rochester, NY', b: 'Syracuse, NY', hours: 1.25, miles: 87 },
  { a: 'Northampton, MA', b: 'Boston, MA', hours: 1.75, miles: 105 },
  { a: 'Portsmouth, NH', b: 'Boston, MA', hours: 1, miles: 57 },
  { a: 'Charlottesville, VA', b: 'Richmond, VA', hours: 1.25, miles: 71 },
  { a: 'Charlottesville, VA', b: 'Washington, DC', hours: 2.25, miles: 118 },
  { a: 'Blacksburg, VA', b: 'Roanoke, VA', hours: 0.75, miles: 38 },
  { a: 'Bellingham, WA', b: 'Seattle, WA', hours: 1.5, miles: 89 },
  { a: 'Olympia, WA', b: 'Portland, OR', hours: 1.75, miles: 114 },
  { a: 'Corvallis, OR', b: 'Portland, OR', hours: 1.5, miles: 85 },
  { a: 'Bend, OR', b: 'Portland, OR', hours: 3.25, miles: 160 },
  { a: 'Santa Cruz, CA', b: 'San Francisco, CA', hours: 1.25, miles: 74 },
  { a: 'Chico, CA', b: 'Sacramento, CA', hours: 1.5, miles: 90 },
  { a: 'San Luis Obispo, CA', b: 'Los Angeles, CA', hours: 3.25, miles: 190 },
  { a: 'Flagstaff, AZ', b: 'Phoenix, AZ', hours: 2.25, miles: 145 },
  { a: 'Flagstaff, AZ', b: 'Albuquerque, NM', hours: 4.5, miles: 323 },
  { a: 'Santa Fe, NM', b: 'Albuquerque, NM', hours: 1, miles: 64 },
  { a: 'Santa Fe, NM', b: 'Denver, CO', hours: 5.75, miles: 390 },
  { a: 'Durango, CO', b: 'Albuquerque, NM', hours: 3.5, miles: 213 },
  { a: 'Fort Collins, CO', b: 'Denver, CO', hours: 1, miles: 65 },
  { a: 'Boulder, CO', b: 'Denver, CO', hours: 0.5, miles: 25 },
  { a: 'Laramie, WY', b: 'Denver, CO', hours: 2.25, miles: 130 },
  { a: 'Logan, UT', b: 'Salt Lake City, UT', hours: 1.5, miles: 82 },
  { a: 'Bozeman, MT', b: 'Billings, MT', hours: 2, miles: 142 },
]

const key = (a: string, b: string) => [a, b].sort().join(' ~ ')
const BY_PAIR = new Map(ROAD_TIMES.map((r) => [key(r.a, r.b), r]))

/** The published time between two cities ('Austin, TX'), or undefined when the pair is not in the table. */
export function roadHours(a: string, b: string): number | undefined {
  return BY_PAIR.get(key(a, b))?.hours
}

/**
 * Hours for a pair not in the table, from the straight-line distance and the table itself: the
 * ratio of road hours to great-circle km, fitted here over the table (so the judge never borrows
 * the planner's constants). Used only where the table has no figure.
 */
export function estimateRoadHours(greatCircleKm: number, hoursPerKm: number): number {
  return greatCircleKm * hoursPerKm
}
