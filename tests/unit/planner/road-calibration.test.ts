import { expect, test } from 'vitest'
import { haversineKm, travelHours } from '~/planner'
import { plannerGazetteer } from '~/features/tours/tour-gazetteer.server'
import { ROAD_TIMES } from '../../planner-eval/road-times'

// The planner's drive-time model against published interstate drive times (the travel table of
// docs/planner.md). Prints the error; the goal of issue 33 is within 15 %.

test(`drive times match ${ROAD_TIMES.length} published interstate times within 15 % on average`, () => {
  const g = plannerGazetteer()
  const errors = ROAD_TIMES.map((r) => {
    const [an, as] = r.a.split(', ') as [string, string]
    const [bn, bs] = r.b.split(', ') as [string, string]
    const a = g.findCity(an, as)
    const b = g.findCity(bn, bs)
    if (!a || !b) throw new Error(`${r.a} or ${r.b} is not in the gazetteer`)
    const model = travelHours(haversineKm(a.lat, a.lng, b.lat, b.lng), 'drive')
    return { pair: `${r.a} – ${r.b}`, error: model / r.hours - 1 }
  })
  const abs = errors.map((e) => Math.abs(e.error))
  const mean = abs.reduce((s, e) => s + e, 0) / abs.length
  const within = abs.filter((e) => e <= 0.15).length
  const worst = [...errors].sort((x, y) => Math.abs(y.error) - Math.abs(x.error)).slice(0, 3)
  console.log(
    `Drive-time model against the travel table: mean absolute error ${(mean * 100).toFixed(1)} %, ` +
      `${within}/${errors.length} pairs within 15 %; worst: ${worst.map((w) => `${w.pair} ${(w.error * 100).toFixed(0)} %`).join(', ')}`,
  )
  expect(ROAD_TIMES.length).toBeGreaterThanOrEqual(40)
  expect(mean).toBeLessThanOrEqual(0.15)
})
