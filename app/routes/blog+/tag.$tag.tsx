import { plural } from '~/core/words'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { PostList, TagLinks, tagPath } from '~/components/blog/post-list'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { NO_SCRIPTS } from '~/web/route-handle'
import { seo } from '~/web/seo'
import { blogListData } from './list.server'

export const handle = NO_SCRIPTS

export async function loader({ request, params }: LoaderFunctionArgs) {
  return blogListData(request, params.tag ?? '')
}

export default function BlogTagPage() {
  const { posts, tags, tag, page, pageCount, total } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader eyebrow="Blog" title={`Posts tagged #${tag}`}>
        <p>
          {plural(total, 'post')}.{' '}
          <Link to="/blog" className="link">
            All posts
          </Link>
        </p>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-10">
        <nav aria-label="Tags">
          <TagLinks tags={tags} current={tag} />
        </nav>
        <PostList posts={posts} path={tagPath(tag ?? '')} page={page} pageCount={pageCount} />
      </div>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data?.tag
    ? seo({
        matches,
        title: `#${data.tag} · Blog${data.page > 1 ? `, page ${data.page}` : ''}`,
        description: `Stagepass blog posts tagged ${data.tag}.`,
        path: `${tagPath(data.tag)}${data.page > 1 ? `?page=${data.page}` : ''}`,
      })
    : seo({ matches, title: 'Page not found', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
