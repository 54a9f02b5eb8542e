// The planner's calendar arithmetic is the app's date module (app/lib/dates.ts); what dates a
// request may carry is app/lib/date-horizon.ts.
export { addDays, daysBetween, fromDayNumber, isIsoDate, isoFromParts, localToday, toDayNumber } from '../lib/dates'
