import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ActionToast } from '~/components/action-toast'
import { ADMIN_ROW_BUTTON, AdminPage, AdminPagination, AdminSearch } from '~/components/admin/admin-nav'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { LinkButton } from '~/components/ui/button'
import { ErrorList } from '~/components/ui/field'
import { queryText } from '~/web/query.server'
import { seo } from '~/web/seo'
import { adminListPosts, setPostPublished } from '~/features/blog/blog.server'
import { DomainError } from '~/core/errors'
import { requirePageUser } from '~/features/accounts/guards.server'
import { formString } from '~/web/form-data'
import { adminAction, pageParam } from './admin-action.server'
import { usePendingCheck } from '~/hooks/pending'
import { formatDate } from '~/core/format'
import { failureMessage, formErrors } from '~/web/form-failure'

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePageUser(request)
  const url = new URL(request.url)
  const q = queryText(url.searchParams, 'q')
  const result = await adminListPosts(admin, { page: pageParam(url), q })
  return {
    q,
    ...result,
    posts: result.posts.map((post) => ({
      ...post,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      updatedAt: post.updatedAt.toISOString(),
    })),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePageUser(request)
  const form = await request.formData()
  const postId = formString(form, 'postId')
  return adminAction(request, postId, async () => {
    switch (formString(form, 'intent')) {
      case 'publish':
        await setPostPublished(admin, postId, true)
        return 'Post published.'
      case 'unpublish':
        await setPostPublished(admin, postId, false)
        return 'Post unpublished: it is a draft again.'
      default:
        throw new DomainError('Unknown action.')
    }
  })
}

export default function AdminBlog() {
  const { posts, q, page, pageCount, total } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const isPending = usePendingCheck()
  const busy = (id: string) => isPending({ fields: { postId: id }, state: 'non-idle' })
  return (
    <AdminPage title="Blog posts" intro={<p>Drafts first, then published posts, newest first.</p>}>
      <ActionToast toast={actionData?.toast} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <AdminSearch q={q} label="Search by title or slug" />
        <LinkButton to="/admin/blog/new">New post</LinkButton>
      </div>
      <ul className="space-y-3">
        {posts.map((post) => (
          <li key={post.id} className="flex flex-wrap items-center justify-between gap-4 card p-4">
            <div>
              <p className="font-medium">
                <Link to={`/admin/blog/${post.id}`} className="link">
                  {post.title}
                </Link>
              </p>
              <p className="text-sm text-neutral-600 dark:text-neutral-400">
                {post.publishedAt ? (
                  <>
                    Published {formatDate(post.publishedAt)} ·{' '}
                    <Link to={`/blog/${post.slug}`} className="link" reloadDocument>
                      /blog/{post.slug}
                    </Link>
                  </>
                ) : (
                  <>Draft · /blog/{post.slug}</>
                )}
              </p>
              {actionData?.id === post.id ? <ErrorList errors={formErrors(actionData) ?? [failureMessage(actionData)!]} /> : null}
            </div>
            <Form method="post">
              <input type="hidden" name="postId" value={post.id} />
              <button
                type="submit"
                name="intent"
                value={post.publishedAt ? 'unpublish' : 'publish'}
                disabled={busy(post.id)}
                className={ADMIN_ROW_BUTTON}
              >
                {post.publishedAt ? 'Unpublish' : 'Publish'}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {posts.length === 0 ? <p className="card p-6">No posts match.</p> : null}
      <AdminPagination path="/admin/blog" params={{ q }} page={page} pageCount={pageCount} total={total} />
    </AdminPage>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Blog · Admin', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
