import { data } from '@remix-run/node'
import type { EditorResult, PostValues } from '~/components/admin/post-editor'
import { previewMarkdown } from '~/features/blog/blog.server'
import { formString } from '~/web/form-data'
import { fieldRefusal } from '~/web/form-errors.server'
import type { Actor } from '~/features/accounts/policy.server'

export function postValues(form: FormData): PostValues {
  const get = (name: string) => formString(form, name)
  return {
    title: get('title'),
    slug: get('slug'),
    excerpt: get('excerpt'),
    authorName: get('authorName'),
    tags: get('tags'),
    body: get('body'),
  }
}

/** The editor's answer for a preview, or for a save the service refused (errors by field). */
export function editorReply(actor: Actor, values: PostValues, error: unknown | null) {
  if (error === null) return data({ editor: { values, errors: {}, preview: previewMarkdown(actor, values.body) } satisfies EditorResult })
  const { errors, status } = fieldRefusal(error)
  return data({ editor: { values, errors, preview: null } satisfies EditorResult }, { status })
}

/** The answer to a Delete post without its confirm box ticked. */
export const DELETE_UNCONFIRMED = 'Tick “Yes, delete this post for good” to confirm, then press Delete post again.'
