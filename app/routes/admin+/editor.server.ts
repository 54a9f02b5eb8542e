import { data } from '@remix-run/node'
import type { EditorPreview, PostValues } from '~/components/admin/post-editor'
import { previewMarkdown } from '~/features/blog/blog.server'
import { formString } from '~/web/form-data'
import type { FailureOptions } from '~/web/form-errors.server'
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

/** The editor's answer for a preview. */
export function previewReply(actor: Actor, values: PostValues) {
  return data({ preview: { values, html: previewMarkdown(actor, values.body) } satisfies EditorPreview })
}

/** The editor's answer for a save the service refused: the messages by field, the draft as typed. */
export function editorFailure(values: PostValues): FailureOptions<{ intent: string }> {
  return { values, extra: { intent: 'save' } }
}

/** The answer to a Delete post without its confirm box ticked. */
export const DELETE_UNCONFIRMED = 'Tick “Yes, delete this post for good” to confirm, then press Delete post again.'
