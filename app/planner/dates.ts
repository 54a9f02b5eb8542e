// The planner's calendar arithmetic is the app's date module (app/core/dates.ts); what dates a
// request may carry is app/core/date-horizon.ts.
export { addDays, daysBetween, fromDayNumber, isIsoDate, isoFromParts, localToday, toDayNumber, weekdayOf } from '../core/dates'
