import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from '@remix-run/node'
import type { ArtistValues } from '~/components/artist/artist-form'
import { DomainError } from '~/core/errors'
import { formString } from '~/web/form-data'
import { formFailure } from '~/web/form-errors.server'
import { MAX_UPLOAD_BYTES, UPLOAD_SIZE_MESSAGE } from '~/platform/images.server'

/** The form data of a plain or multipart post; an oversized file is a field error. */
export async function readArtistForm(request: Request): Promise<FormData | { tooLarge: true }> {
  if (!request.headers.get('Content-Type')?.startsWith('multipart/form-data')) return request.formData()
  try {
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }))
  } catch (error) {
    // A too-large photo is the form’s message, not a 413 page.
    if (error instanceof MaxPartSizeExceededError) return { tooLarge: true }
    throw error
  }
}

export function artistValues(form: FormData): ArtistValues {
  const get = (name: string) => formString(form, name)
  return {
    name: get('name'),
    genres: get('genres'),
    hometown: get('hometown'),
    bio: get('bio'),
    links: get('links'),
    drawEstimate: get('drawEstimate'),
  }
}

/** The uploaded photo's bytes, or null when none was chosen. */
export async function photoUpload(form: FormData) {
  const file = form.get('photo')
  if (!(file instanceof File) || file.size === 0) return null
  return Buffer.from(await file.arrayBuffer())
}

export function tooLargeReply(values: ArtistValues) {
  return artistErrorReply(values, new DomainError(UPLOAD_SIZE_MESSAGE, { status: 413, code: 'PAYLOAD_TOO_LARGE', field: 'photo' }))
}

/** A refusal of the service by field, with the values as typed; anything else is rethrown. */
export function artistErrorReply(values: ArtistValues, error: unknown) {
  // The image service names its field 'picture'; this form's file field is 'photo'.
  const at = error instanceof DomainError && error.field === 'picture' ? 'photo' : undefined
  return formFailure(error, { values, at })
}
