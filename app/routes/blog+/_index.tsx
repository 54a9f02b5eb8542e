import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PostList, TagLinks, tagPath } from '~/components/blog/post-list'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { NO_SCRIPTS } from '~/web/route-handle'
import { seo } from '~/web/seo'
import { blogListData } from './list.server'
import { shareResponse } from '~/web/page-serving.server'

export const handle = NO_SCRIPTS

export async function loader({ request, context }: LoaderFunctionArgs) {
  shareResponse(context, 300, 3600)
  const url = new URL(request.url)
  // /blog?tag=x is the same list as /blog/tag/x, which is the one canonical address.
  const tag = url.searchParams.get('tag')
  if (tag) {
    const page = url.searchParams.get('page')
    throw redirect(`${tagPath(tag.toLowerCase())}${page ? `?page=${encodeURIComponent(page)}` : ''}`, 301)
  }
  return blogListData(request, null)
}

export default function BlogIndex() {
  const { posts, tags, page, pageCount } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader eyebrow="Blog" title="Stagepass Blog">
        <p>
          Routing, budgets, advancing and the business of live rooms, from people who book them. Follow along by{' '}
          <a href="/blog/rss.xml" className="link">
            RSS
          </a>
          .
        </p>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-10">
        <nav aria-label="Tags">
          <TagLinks tags={tags} />
        </nav>
        <PostList posts={posts} path="/blog" page={page} pageCount={pageCount} />
      </div>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...seo({
    matches,
    title: data && data.page > 1 ? `Blog, page ${data.page}` : 'Blog',
    description: 'Guides for touring artists, organizers and venue owners: routing a tour, budgets, holds and offers, advancing a show.',
    path: data && data.page > 1 ? `/blog?page=${data.page}` : '/blog',
  }),
  { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: 'Stagepass Blog', href: '/blog/rss.xml' },
]

export { GeneralErrorBoundary as ErrorBoundary }
