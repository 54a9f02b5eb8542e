import type { VenuePhoto } from '~/db/schema'
import { photoSrc } from '~/features/venues/art-version'

// A single URL per photo today (seeded art is SVG and scales itself), so no srcSet or sizes: with
// one candidate they only cost bytes (600 of every venue page). When resized variants exist, add
// `srcSet` with their widths and `sizes` per image (the main one fills two thirds of the row on
// wide screens, the others a third).

/**
 * The venue's photos: the first is the page's largest image, so it loads eagerly at high
 * priority with its size reserved; the others are lazy.
 */
export function VenueGallery({ photos }: { photos: VenuePhoto[] }) {
  const [first, ...rest] = photos
  if (!first) return null
  return (
    <div className="gallery">
      <img
        src={photoSrc(first.url)}
        alt={first.alt}
        width={first.width}
        height={first.height}
        loading="eager"
        // React 18 does not know the camelCase prop; the lowercase attribute passes through.
        {...{ fetchpriority: 'high' }}
        decoding="async"
        className="md:col-span-2 md:row-span-2"
      />
      {rest.length > 0 ? (
        <div className="grid grid-cols-2 gap-2 md:contents">
          {rest.slice(0, 2).map((photo) => (
            <img
              key={photo.url}
              src={photoSrc(photo.url)}
              alt={photo.alt}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              decoding="async"
            />
          ))}
        </div>
      ) : null}
    </div>
  )
}
