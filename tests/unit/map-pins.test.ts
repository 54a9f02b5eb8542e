// Pins that overlap on a map become one (docs/search.md, 'Maps'): groupPins of app/components/geo/cluster.ts.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { groupPins } from '~/components/geo/cluster'

describe('groupPins', () => {
  const point = fc.record({ id: fc.uuid(), x: fc.integer({ min: 0, max: 400 }), y: fc.integer({ min: 0, max: 400 }) })

  test('every pin lands in exactly one group, in page order, and no two groups start within the distance', () => {
    fc.assert(
      fc.property(fc.array(point, { maxLength: 60 }), fc.integer({ min: 1, max: 80 }), (pins, px) => {
        const groups = groupPins(pins, (p) => p, px)
        expect(
          groups
            .flat()
            .map((p) => p.id)
            .sort(),
        ).toEqual(pins.map((p) => p.id).sort())
        for (const group of groups) {
          // Page order inside a group, and every member within reach of the group's first pin.
          expect(group.map((p) => pins.indexOf(p))).toEqual([...group.map((p) => pins.indexOf(p))].sort((a, b) => a - b))
          for (const p of group) expect(Math.hypot(p.x - group[0]!.x, p.y - group[0]!.y)).toBeLessThan(px)
        }
        for (let i = 0; i < groups.length; i++)
          for (let j = i + 1; j < groups.length; j++)
            expect(Math.hypot(groups[i]![0]!.x - groups[j]![0]!.x, groups[i]![0]!.y - groups[j]![0]!.y)).toBeGreaterThanOrEqual(px)
      }),
    )
  })

  test("one city's rooms at one spot are one group; far apart they stay apart", () => {
    const austin = Array.from({ length: 16 }, (_, i) => ({ id: `a${i}`, x: 100 + (i % 3), y: 200 }))
    expect(groupPins(austin, (p) => p, 14)).toHaveLength(1)
    expect(groupPins([...austin, { id: 'far', x: 300, y: 200 }], (p) => p, 14).map((g) => g.length)).toEqual([16, 1])
  })
})
