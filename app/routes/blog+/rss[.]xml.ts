import { Feed } from 'feed'
import { SITE_NAME } from '~/web/seo'
import { publicOrigin } from '~/env.server'
import { feedPosts } from '~/features/blog/blog.server'

/** RSS 2.0 of the 20 newest published posts, full text (sanitised HTML). */
export async function loader(_args: { request: Request }) {
  const origin = publicOrigin()
  const posts = await feedPosts(20)
  const feed = new Feed({
    title: `${SITE_NAME} Blog`,
    description: 'Guides for touring artists, organizers and venue owners.',
    id: `${origin}/blog`,
    link: `${origin}/blog`,
    language: 'en',
    favicon: `${origin}/favicon.svg`,
    copyright: `© ${new Date().getUTCFullYear()} ${SITE_NAME}`,
    updated: posts[0]?.updatedAt,
    feedLinks: { rss: `${origin}/blog/rss.xml` },
  })
  for (const post of posts) {
    const url = `${origin}/blog/${post.slug}`
    feed.addItem({
      title: post.title,
      id: url,
      link: url,
      description: post.excerpt,
      content: post.html,
      author: [{ name: post.authorName }],
      date: post.publishedAt ?? post.updatedAt,
      category: post.tags.map((tag) => ({ name: tag })),
    })
  }
  return new Response(feed.rss2(), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  })
}
