import type { VenuePhoto } from '~/db/schema'

// A single URL per photo today (seeded art is SVG and scales itself); `srcSet` already carries
// the width so resized variants can join it without touching the markup.
const srcSet = (photo: VenuePhoto) => `${photo.url} ${photo.width}w`

/**
 * The venue's photos: the first is the page's largest image, so it loads eagerly at high
 * priority with its size reserved; the others are lazy.
 */
export function VenueGallery({ photos }: { photos: VenuePhoto[] }) {
  const [first, ...rest] = photos
  if (!first) return null
  return (
    <div className="grid gap-2 md:grid-cols-3 md:grid-rows-2">
      <img
        src={first.url}
        srcSet={srcSet(first)}
        sizes="(min-width: 1200px) 780px, (min-width: 900px) 66vw, 100vw"
        alt={first.alt}
        width={first.width}
        height={first.height}
        loading="eager"
        // React 18 does not know the camelCase prop; the lowercase attribute passes through.
        {...{ fetchpriority: 'high' }}
        decoding="async"
        className="aspect-[3/2] h-full w-full rounded-card bg-neutral-200 object-cover md:col-span-2 md:row-span-2 dark:bg-neutral-800"
      />
      {rest.length > 0 ? (
        <div className="grid grid-cols-2 gap-2 md:contents">
          {rest.slice(0, 2).map((photo) => (
            <img
              key={photo.url}
              src={photo.url}
              srcSet={srcSet(photo)}
              sizes="(min-width: 1200px) 390px, (min-width: 900px) 33vw, 50vw"
              alt={photo.alt}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              decoding="async"
              className="aspect-[3/2] h-full w-full rounded-card bg-neutral-200 object-cover dark:bg-neutral-800"
            />
          ))}
        </div>
      ) : null}
    </div>
  )
}
