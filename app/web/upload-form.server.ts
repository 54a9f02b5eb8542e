import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from '@remix-run/node'
import { DomainError } from '~/core/errors'
import { MAX_UPLOAD_BYTES, UPLOAD_SIZE_MESSAGE } from '~/platform/images.server'

/**
 * The form data of a plain or multipart post. A file over the upload limit comes back as the
 * refusal to show on the form (at `field`), not a 413 page, so a route needs no `catch` for it.
 */
export async function readUploadForm(request: Request, field = 'photo'): Promise<FormData | DomainError> {
  if (!request.headers.get('Content-Type')?.startsWith('multipart/form-data')) return request.formData()
  try {
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }))
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return new DomainError(UPLOAD_SIZE_MESSAGE, { status: 413, code: 'PAYLOAD_TOO_LARGE', field })
    throw error
  }
}
