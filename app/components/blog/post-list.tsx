import { formatDate } from '~/core/format'
import { Link } from '@remix-run/react'
import { Pagination } from '~/components/pagination'
import { cx } from '~/core/cx'

export type PostCard = {
  slug: string
  title: string
  excerpt: string
  authorName: string
  tags: string[]
  publishedAt: string | null
  readingMinutes: number
}

const formatPostDate = formatDate

/** Date · reading time · author, for cards and the post page. */
export function PostByline({ post }: { post: Pick<PostCard, 'publishedAt' | 'readingMinutes' | 'authorName'> }) {
  return (
    <p className="text-sm text-neutral-600 dark:text-neutral-400">
      {post.publishedAt ? <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time> : 'Draft'} · {post.readingMinutes} min
      read · {post.authorName}
    </p>
  )
}

export const tagPath = (tag: string) => `/blog/tag/${encodeURIComponent(tag)}`

export function TagLinks({ tags, current }: { tags: { tag: string; count?: number }[]; current?: string | null }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {tags.map(({ tag, count }) => (
        <li key={tag}>
          <Link
            to={tag === current ? '/blog' : tagPath(tag)}
            aria-current={tag === current ? 'page' : undefined}
            className={cx(
              'inline-flex min-h-9 items-center rounded-control border px-3 text-sm font-medium',
              tag === current
                ? 'border-header bg-header text-white dark:border-brand dark:bg-brand dark:text-black'
                : 'border-neutral-300 hover:bg-black/5 dark:border-line-dark dark:hover:bg-white/10',
            )}
          >
            #{tag}
            {count !== undefined ? <span className="ml-1 opacity-70">({count})</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  )
}

export function PostList({ posts, path, page, pageCount }: { posts: PostCard[]; path: string; page: number; pageCount: number }) {
  if (posts.length === 0) return <p className="card p-6">No posts here yet.</p>
  return (
    <>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.slug} className="flex flex-col card p-6">
            <h2 className="text-xl leading-snug font-semibold">
              <Link to={`/blog/${post.slug}`} className="hover:underline">
                {post.title}
              </Link>
            </h2>
            <div className="mt-2">
              <PostByline post={post} />
            </div>
            <p className="mt-3 flex-1 text-neutral-700 dark:text-neutral-300">{post.excerpt}</p>
            <p className="mt-4 flex flex-wrap gap-x-3 text-sm">
              {post.tags.map((tag) => (
                <Link key={tag} to={tagPath(tag)} className="link">
                  #{tag}
                </Link>
              ))}
            </p>
          </li>
        ))}
      </ul>
      <Pagination path={path} page={page} pageCount={pageCount} />
    </>
  )
}
