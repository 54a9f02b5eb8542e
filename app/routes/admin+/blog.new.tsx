import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { AdminPage } from '~/components/admin/admin-nav'
import { PostEditor } from '~/components/admin/post-editor'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { seo } from '~/web/seo'
import { createPost } from '~/features/blog/blog.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import { actionAttempt } from '~/web/form-errors.server'
import { editorFailure, previewReply, postValues } from './editor.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePageUser(request)
  return { authorName: [admin?.firstName, admin?.lastName].filter(Boolean).join(' ') || 'Stagepass Team' }
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePageUser(request)
  const form = await request.formData()
  const values = postValues(form)
  const intent = form.get('intent')
  if (intent === 'preview') return previewReply(admin, values)
  return actionAttempt(async () => {
    const post = await createPost(admin, values, { publish: intent === 'save-publish' })
    return redirectWithToast(`/admin/blog/${post.id}`, {
      type: 'success',
      description: post.publishedAt ? 'Post published.' : 'Draft saved.',
    })
  }, editorFailure(values))
}

export default function NewPost() {
  const { authorName } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <AdminPage title="New post">
      <PostEditor initial={{ title: '', slug: '', excerpt: '', authorName, tags: '', body: '' }} result={actionData} published={false} />
    </AdminPage>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'New post · Admin', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
