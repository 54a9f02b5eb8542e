import type { ArtistValues } from '~/components/artist/artist-form'
import { formString } from '~/web/form-data'

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
