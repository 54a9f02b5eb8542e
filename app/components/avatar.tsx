import { cx } from '~/core/cx'

export type AvatarSize = 'sm' | 'md' | 'lg'

const sizeClasses: Record<AvatarSize, string> = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-xl',
}

/** At most two letters: first and last word's initials (docs/product.md §2 and §9). */
export function initials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  const first = words[0]!.charAt(0)
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : ''
  return (first + last).toUpperCase()
}

/**
 * Hues an avatar never takes: the band around the header's own green (#2e7d32, hue 123), so an
 * avatar in the header always stands out from it.
 */
export const HEADER_GREEN_HUES = { from: 90, to: 160 } as const
const BAND = HEADER_GREEN_HUES.to - HEADER_GREEN_HUES.from

/** A stable colour from the name: hue from a string hash, fixed saturation and lightness. */
export function avatarColor(name: string) {
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) | 0
  const spread = Math.abs(hash) % (360 - BAND)
  const hue = spread < HEADER_GREEN_HUES.from ? spread : spread + BAND
  // Lightness 32 % keeps white initials above a 4.5:1 contrast for every hue.
  return `hsl(${hue} 55% 32%)`
}

export function Avatar({
  name,
  src,
  size = 'md',
  className,
}: {
  name: string
  src?: string | null
  size?: AvatarSize
  className?: string
}) {
  const classes = cx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold text-white',
    sizeClasses[size],
    className,
  )
  if (src) return <img src={src} alt="" className={cx(classes, 'object-cover')} width={64} height={64} />
  return (
    <span className={classes} style={{ backgroundColor: avatarColor(name) }} aria-hidden="true">
      {initials(name)}
    </span>
  )
}
