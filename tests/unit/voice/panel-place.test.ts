import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { panelRight } from '~/components/voice/panel-place'

// Where the voice panel opens (app/components/voice/voice-widget.tsx): under the header's mic
// button, never past the window's edges.

describe('panelRight', () => {
  it('puts the panel under the button on a wide window (the mic sits left of Sign Up and Login)', () => {
    // 1280 px: the button spans 1026-1066, the panel is 384 wide; it used to end at 1264.
    expect(panelRight({ buttonRight: 1066, viewport: 1280, panel: 384 })).toBe(1280 - 1066)
  })

  it('moves a panel that would pass the left edge in, on a phone', () => {
    // 375 px: the panel is the window less two margins, so it keeps both margins.
    expect(panelRight({ buttonRight: 271, viewport: 375, panel: 343 })).toBe(16)
    // A button near the left edge: the panel still starts 16 px in.
    expect(panelRight({ buttonRight: 100, viewport: 1280, panel: 384 })).toBe(1280 - 16 - 384)
  })

  it('never puts the panel off screen nor closer than the margin to an edge', () => {
    fc.assert(
      fc.property(fc.integer({ min: 320, max: 3000 }), fc.integer({ min: 0, max: 1000 }), (viewport, permille) => {
        const panel = Math.min(384, viewport - 32)
        const buttonRight = 40 + ((viewport - 40) * permille) / 1000
        const right = panelRight({ buttonRight, viewport, panel })
        expect(right).toBeGreaterThanOrEqual(16)
        expect(viewport - right - panel).toBeGreaterThanOrEqual(16)
        // Whenever it fits, its right edge is the button's.
        if (buttonRight - panel >= 16 && buttonRight <= viewport - 16) expect(viewport - right).toBeCloseTo(buttonRight)
      }),
    )
  })
})
