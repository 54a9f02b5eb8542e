import { Form, useActionData } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { ErrorList } from '~/components/ui/field'
import { usePendingCheck } from '~/hooks/pending'
import { photoSrc } from '~/features/venues/art-version'
import { failureMessage } from '~/web/form-failure'

type Photo = { url: string; width: number; height: number; alt: string }
type PhotoActionData = { intent?: string | null; confirmDelete?: number } | undefined
const PHOTO_INTENTS = ['upload-photo', 'move-photo', 'delete-photo']

/**
 * Upload, reorder and delete, each a plain form so it all works without JavaScript. The first
 * photo is the cover. Deleting asks twice: the first press arms the button.
 */
export function PhotoManager({ photos, maxPhotos }: { photos: Photo[]; maxPhotos: number }) {
  const actionData = useActionData() as PhotoActionData
  const isPending = usePendingCheck()
  const pending = (intent: string, index?: number) =>
    isPending({ fields: index === undefined ? { intent } : { intent, index: String(index) } })
  // The photo forms' refusals show here; the page's other forms show their own.
  const photoError = PHOTO_INTENTS.includes(actionData?.intent ?? '') ? failureMessage(actionData) : undefined
  return (
    <div className="space-y-6">
      <Form method="post" encType="multipart/form-data" className="max-w-lg">
        <input type="hidden" name="intent" value="upload-photo" />
        <label htmlFor="photo" className="block text-sm font-medium">
          Add a photo
        </label>
        <p id="photo-hint" className="text-sm text-neutral-600 dark:text-neutral-400">
          JPEG, PNG or WebP, at most 10 MB. We crop to 3:2, resize for the web and remove metadata. {photos.length} of {maxPhotos} used.
        </p>
        <input
          id="photo"
          name="photo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          required
          aria-invalid={photoError ? true : undefined}
          aria-describedby={photoError ? 'photo-hint photo-error' : 'photo-hint'}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-control file:border-0 file:bg-neutral-200 file:px-3 file:py-2 dark:file:bg-neutral-700 dark:file:text-white"
        />
        <label htmlFor="photo-alt" className="mt-3 block text-sm font-medium">
          Describe the photo (for screen readers)
        </label>
        <input
          id="photo-alt"
          name="alt"
          maxLength={200}
          className="mt-1 block h-11 w-full rounded-control border border-neutral-500 bg-white px-3 dark:bg-neutral-900"
        />
        <div className="min-h-6 pt-1">
          <ErrorList id="photo-error" errors={photoError ? [photoError] : undefined} />
        </div>
        <Button type="submit" pending={pending('upload-photo')}>
          Upload photo
        </Button>
      </Form>
      {photos.length === 0 ? <p>No photos yet.</p> : null}
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {photos.map((photo, index) => {
          const armed = actionData?.intent === 'delete-photo' && actionData.confirmDelete === index
          return (
            <li key={`${photo.url}-${index}`} className="overflow-hidden card">
              <img
                src={photoSrc(photo.url)}
                alt={photo.alt}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="aspect-[3/2] w-full object-cover"
              />
              <div className="space-y-2 p-3">
                <p className="text-sm">
                  {index === 0 ? <strong>Cover · </strong> : null}
                  {photo.alt}
                </p>
                <div className="flex flex-wrap gap-2">
                  {index > 0 ? <MovePhoto index={index} direction="up" pending={pending('move-photo', index)} /> : null}
                  {index < photos.length - 1 ? <MovePhoto index={index} direction="down" pending={pending('move-photo', index)} /> : null}
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-photo" />
                    <input type="hidden" name="index" value={index} />
                    {armed ? <input type="hidden" name="confirm" value="yes" /> : null}
                    <Button type="submit" size="sm" variant="danger" pending={pending('delete-photo', index)}>
                      {armed ? 'Are you sure? Delete' : 'Delete'}
                    </Button>
                  </Form>
                </div>
              </div>
            </li>
          )
        })}
      </ol>
    </div>
  )
}

/** One step earlier or later for the photo at `index`: a form of its own, so it works without JavaScript. */
function MovePhoto({ index, direction, pending }: { index: number; direction: 'up' | 'down'; pending: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="move-photo" />
      <input type="hidden" name="index" value={index} />
      <Button
        type="submit"
        name="direction"
        value={direction}
        size="sm"
        variant="outline"
        pending={pending}
        aria-label={`Move photo ${index + 1} ${direction === 'up' ? 'earlier' : 'later'}`}
      >
        {direction === 'up' ? 'Move up' : 'Move down'}
      </Button>
    </Form>
  )
}
