import type { ComponentProps } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test, vi } from 'vitest'
import { FillDates } from '~/components/venue/dashboard-sections'

// 'Fill your empty dates' on the owner's To do tab: one block per venue was 5,800 px on a phone for
// an owner of twelve. The venues someone is interested in come first; past three they fold away.
vi.mock('@remix-run/react', () => ({
  Form: (props: ComponentProps<'form'>) => <form {...props} />,
  useNavigation: () => ({ state: 'idle' }),
}))

type Entry = ComponentProps<typeof FillDates>['fill'][number]
const venue = (n: number, savedTours = 0): Entry => ({
  venue: { id: `v${n}`, name: `Room ${n}`, city: 'Austin' },
  openDates: ['2027-01-05'],
  organizers: [],
  offered: [],
  savedTours,
})
const headings = (html: string) => [...html.matchAll(/<h3[^>]*>(Room \d)/g)].map((m) => m[1])

describe('FillDates', () => {
  test('the venues with interest first, three shown, the rest folded under a summary that counts them', () => {
    const html = renderToStaticMarkup(<FillDates fill={[venue(1), venue(2), venue(3), venue(4, 2), venue(5, 1)]} error={undefined} />)
    const [shown, folded] = html.split('<details')
    expect(headings(shown!)).toEqual(['Room 4', 'Room 5', 'Room 1'])
    expect(headings(folded!)).toEqual(['Room 2', 'Room 3'])
    expect(folded).toMatch(/<summary class="disclosure [^"]*">Show the other 2 venues<\/summary>/)
    expect(html).not.toMatch(/<details[^>]* open=""/)
  })

  test('a refused offer for a folded venue opens the fold, so its message is seen', () => {
    const html = renderToStaticMarkup(
      <FillDates fill={[venue(1), venue(2), venue(3), venue(4)]} error={{ target: 'v4:someone', error: 'Pick a date.' }} />,
    )
    expect(html).toMatch(/<details[^>]* open=""/)
  })

  test('three venues or fewer: no fold', () => {
    expect(renderToStaticMarkup(<FillDates fill={[venue(1), venue(2), venue(3)]} error={undefined} />)).not.toContain('<details')
  })
})
