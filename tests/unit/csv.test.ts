import { describe, expect, test } from 'vitest'
import { toCsv } from '~/web/csv.server'

describe('toCsv, the one CSV writer', () => {
  test('a cell starting with = + - @, a tab or a carriage return opens as text, not a formula', () => {
    const csv = toCsv([['=1+1', '+1', '-2+3', '@SUM(A1)', '\t=1', 'plain', 'a=b']])
    expect(csv).toBe(`'=1+1,'+1,'-2+3,'@SUM(A1),'\t=1,plain,a=b\n`)
    expect(toCsv([['\r=1']])).toBe(`"'\r=1"\n`)
  })

  test('negative numbers stay numbers, and a header row is written as given', () => {
    expect(toCsv([[-5, 3]], { header: true, columns: ['delta', 'count'] })).toBe('delta,count\n-5,3\n')
  })
})
