/** The space the voice panel keeps from the window's edges, in CSS pixels (Tailwind's 1rem). */
export const PANEL_MARGIN = 16

/**
 * How far from the window's right edge the voice panel's right edge goes: under the header's mic
 * button's right edge (so it opens beneath the button, not at the header's far end), moved in
 * just enough to keep `margin` between the panel and either edge of the window. A panel wider
 * than the window less both margins keeps the right margin.
 */
export function panelRight({
  buttonRight,
  viewport,
  panel,
  margin = PANEL_MARGIN,
}: {
  buttonRight: number
  viewport: number
  panel: number
  margin?: number
}) {
  return Math.max(margin, Math.min(viewport - buttonRight, viewport - margin - panel))
}
