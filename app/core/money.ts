// The one money formatter: whole US dollars, the sign before the symbol ('-$1,200', never '$-1,200').
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })

/** '$1,200' for 1200, '-$1,200' for -1200; cents are rounded to the dollar. */
export function formatUsd(amount: number) {
  return usd.format(amount)
}
