import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AdminPage } from '~/components/admin/admin-nav'
import { PostEditor } from '~/components/admin/post-editor'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { seo } from '~/web/seo'
import { adminGetPost, deletePost, setPostPublished, updatePost } from '~/features/blog/blog.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import { DomainError } from '~/core/errors'
import { actionAttempt, formFailure } from '~/web/form-errors.server'
import { failureMessage } from '~/web/form-failure'
import { DELETE_UNCONFIRMED, editorFailure, previewReply, postValues } from './editor.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requirePageUser(request)
  const post = await adminGetPost(admin, params.id ?? '')
  return {
    post: {
      id: post.id,
      slug: post.slug,
      published: post.publishedAt !== null,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      values: {
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        authorName: post.authorName,
        tags: post.tags.join(', '),
        body: post.body,
      },
    },
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePageUser(request)
  const post = await adminGetPost(admin, params.id ?? '')
  const form = await request.formData()
  const intent = form.get('intent')
  const self = `/admin/blog/${post.id}`
  switch (intent) {
    case 'publish':
    case 'unpublish':
      await setPostPublished(admin, post.id, intent === 'publish')
      return redirectWithToast(self, {
        type: 'success',
        description: intent === 'publish' ? 'Post published.' : 'Post unpublished: it is a draft again.',
      })
    case 'delete':
      // A deletion cannot be undone: the form's own checkbox must be ticked (no JavaScript needed).
      if (form.get('confirm') !== 'yes')
        return formFailure(new DomainError(DELETE_UNCONFIRMED, { code: 'VALIDATION_ERROR' }), { extra: { intent: 'delete' } })
      await deletePost(admin, post.id)
      return redirectWithToast('/admin/blog', { type: 'success', description: `Deleted “${post.title}”.` })
    case 'preview':
      return previewReply(admin, postValues(form))
    default: {
      const values = postValues(form)
      return actionAttempt(async () => {
        await updatePost(admin, post.id, values)
        if (intent === 'save-publish') await setPostPublished(admin, post.id, true)
        return redirectWithToast(self, { type: 'success', description: 'Post saved.' })
      }, editorFailure(values))
    }
  }
}

export default function EditPost() {
  const { post } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  // The delete form's refusal shows beside it; the editor reads every other answer.
  const deleting = actionData && 'intent' in actionData && actionData.intent === 'delete'
  const editor = deleting ? null : actionData
  const deleteError = deleting ? failureMessage(actionData) : null
  return (
    <AdminPage
      title="Edit post"
      intro={
        <p>
          {post.published ? (
            <>
              Published {post.publishedAt?.slice(0, 10)} at{' '}
              <Link to={`/blog/${post.slug}`} className="link" reloadDocument>
                /blog/{post.slug}
              </Link>
              .
            </>
          ) : (
            'Draft: only admins can see it.'
          )}{' '}
          <Link to="/admin/blog" className="link">
            All posts
          </Link>
        </p>
      }
    >
      <PostEditor initial={post.values} result={editor} published={post.published} />
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value={post.published ? 'unpublish' : 'publish'}
            className="h-11 rounded-control border border-neutral-500 px-4 font-medium hover:bg-black/5 dark:hover:bg-white/10"
          >
            {post.published ? 'Unpublish' : 'Publish'}
          </button>
        </Form>
        <Form
          method="post"
          aria-label="Delete post"
          className="flex flex-wrap items-center gap-3"
          aria-describedby={deleteError ? 'delete-error' : undefined}
        >
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name="confirm"
              value="yes"
              required
              className="size-5 accent-red-700"
              aria-invalid={deleteError ? true : undefined}
            />
            Yes, delete this post for good
          </label>
          <button
            type="submit"
            name="intent"
            value="delete"
            className="h-11 rounded-control border border-red-700 px-4 font-medium text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950"
          >
            Delete post
          </button>
          {deleteError ? (
            <p id="delete-error" role="alert" className="w-full text-red-700 dark:text-red-400">
              {deleteError}
            </p>
          ) : null}
        </Form>
      </div>
    </AdminPage>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Edit post · Admin', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
