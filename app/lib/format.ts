const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const count = new Intl.NumberFormat('en-US')

export function formatUsd(amount: number) {
  return usd.format(amount)
}

export function formatCount(value: number) {
  return count.format(value)
}
