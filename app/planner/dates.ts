// The planner's calendar arithmetic is the app's one date module (app/lib/dates.ts).
export { addDays, dateProblem, daysBetween, fromDayNumber, isIsoDate, isoFromParts, localToday, toDayNumber } from '../lib/dates'
