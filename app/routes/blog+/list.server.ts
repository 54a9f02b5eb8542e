import { parsePage, pageNotFoundResponse } from '~/web/not-found.server'
import { TAG_PATTERN } from '~/features/blog/blog-schemas'
import { listPublishedPosts } from '~/features/blog/blog.server'

/** The data of /blog and /blog/tag/{tag}: a page of posts, the tags, and 404 past the last page. */
export async function blogListData(request: Request, tag: string | null) {
  if (tag !== null && !TAG_PATTERN.test(tag)) throw pageNotFoundResponse()
  const page = parsePage(request)
  const result = await listPublishedPosts({ page, tag })
  if (page > result.pageCount || (tag && result.total === 0)) throw pageNotFoundResponse()
  return {
    tag,
    tags: result.tags,
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    posts: result.posts.map((post) => ({
      ...post,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      updatedAt: post.updatedAt.toISOString(),
    })),
  }
}
