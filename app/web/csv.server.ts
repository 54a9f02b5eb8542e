import { stringify, type Options } from 'csv-stringify/sync'

/**
 * The one way the app writes CSV. `escape_formulas` prefixes a cell that starts with = + - @, a
 * tab or a carriage return with a quote, so a venue or user name a stranger typed opens in a
 * spreadsheet as text, never as a formula (CSV injection). Negative numbers stay numbers.
 */
export function toCsv(rows: unknown[][], options: Omit<Options, 'escape_formulas'> = {}) {
  return stringify(rows, { ...options, escape_formulas: true })
}
