import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { PostByline, tagPath } from '~/components/blog/post-list'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { JsonLd } from '~/components/json-ld'
import { pageNotFoundResponse } from '~/web/not-found.server'
import { NO_SCRIPTS } from '~/web/route-handle'
import { SITE_NAME, seo } from '~/web/seo'
import { getPublishedPost } from '~/features/blog/blog.server'
import { shareResponse } from '~/web/page-serving.server'
import { useOrigin } from '~/hooks/root-data'

export const handle = NO_SCRIPTS

export async function loader({ params, context }: LoaderFunctionArgs) {
  shareResponse(context, 300, 3600)
  const post = await getPublishedPost(params.slug ?? '')
  if (!post) throw pageNotFoundResponse()
  return { post: { ...post, publishedAt: post.publishedAt?.toISOString() ?? null, updatedAt: post.updatedAt.toISOString() } }
}

type LoadedPost = Awaited<ReturnType<typeof loader>>['post']

function articleJsonLd(post: LoadedPost, origin: string) {
  const url = `${origin}/blog/${post.slug}`
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    '@id': `${url}#article`,
    mainEntityOfPage: url,
    url,
    headline: post.title,
    description: post.excerpt,
    datePublished: post.publishedAt ?? undefined,
    dateModified: post.updatedAt,
    author: { '@type': 'Person', name: post.authorName },
    publisher: { '@type': 'Organization', name: SITE_NAME, url: origin },
    keywords: post.tags.join(', ') || undefined,
    image: `${origin}/og-image.png`,
    timeRequired: `PT${post.readingMinutes}M`,
  }
}

export default function BlogPostPage() {
  const { post } = useLoaderData<typeof loader>()
  const origin = useOrigin()
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <JsonLd data={articleJsonLd(post, origin)} />
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/blog" className="link">
          ← Blog
        </Link>
      </nav>
      <header className="mt-4 space-y-3">
        <h1 className="text-4xl leading-tight font-bold">{post.title}</h1>
        <PostByline post={post} />
        <p className="text-lg text-neutral-700 dark:text-neutral-300">{post.excerpt}</p>
      </header>
      {/* Rendered from markdown and sanitised on the server (lib/markdown.server.ts). */}
      <div className="prose-body mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
      {post.tags.length ? (
        <footer className="mt-10 border-t border-neutral-200 pt-6 dark:border-line-dark">
          <h2 className="sr-only">Tags</h2>
          <ul className="flex flex-wrap gap-3 text-sm">
            {post.tags.map((tag) => (
              <li key={tag}>
                <Link to={tagPath(tag)} className="link">
                  #{tag}
                </Link>
              </li>
            ))}
          </ul>
        </footer>
      ) : null}
    </article>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return seo({ matches, title: 'Page not found', noIndex: true })
  const { post } = data
  return [
    ...seo({ matches, title: post.title, description: post.excerpt, path: `/blog/${post.slug}`, type: 'article' }),
    ...(post.publishedAt ? [{ property: 'article:published_time', content: post.publishedAt }] : []),
    { property: 'article:modified_time', content: post.updatedAt },
    { property: 'article:author', content: post.authorName },
    ...post.tags.map((tag) => ({ property: 'article:tag', content: tag })),
  ]
}

export { GeneralErrorBoundary as ErrorBoundary }
