import { and, count, desc, eq, ilike, isNotNull, lte, or, sql } from 'drizzle-orm'
import { isPlainSlug } from '~/core/fields'
import { db, isUniqueViolation } from '~/db/client.server'
import { blogPosts, type BlogPost } from '~/db/schema'
import { isId } from '~/core/domain'
import { BLOG_PAGE_SIZE, blogPostSchema } from '~/features/blog/blog-schemas'
import { slugify } from '~/core/words'
import { readingMinutes, renderMarkdown } from '~/features/blog/markdown.server'
import { notFound, requireAdmin, type Actor } from '../accounts/policy.server'
import { DomainError } from '~/core/errors'

// The blog: published posts for everyone (publishedAt set and not in the future), every post for
// admins. Bodies are markdown, rendered and sanitised on each render (lib/markdown.server.ts).

const isPublished = (now: Date) => and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now))

export type PostSummary = Pick<BlogPost, 'id' | 'slug' | 'title' | 'excerpt' | 'authorName' | 'tags' | 'publishedAt' | 'updatedAt'> & {
  readingMinutes: number
}

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  authorName: blogPosts.authorName,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
  body: blogPosts.body,
}

type SummaryRow = Omit<PostSummary, 'readingMinutes'> & { body: string }

const toSummary = ({ body, ...post }: SummaryRow): PostSummary => ({
  id: post.id,
  slug: post.slug,
  title: post.title,
  excerpt: post.excerpt,
  authorName: post.authorName,
  tags: post.tags,
  publishedAt: post.publishedAt,
  updatedAt: post.updatedAt,
  readingMinutes: readingMinutes(body),
})

/** One page of published posts, newest first, optionally with one tag; plus every tag in use. */
export async function listPublishedPosts({ page = 1, tag, now = new Date() }: { page?: number; tag?: string | null; now?: Date } = {}) {
  const where = and(isPublished(now), tag ? sql`${tag} = any(${blogPosts.tags})` : undefined)
  const [[total], rows, tags] = await Promise.all([
    db.select({ n: count() }).from(blogPosts).where(where),
    db
      .select(summaryColumns)
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(BLOG_PAGE_SIZE)
      .offset((page - 1) * BLOG_PAGE_SIZE),
    publishedTags(now),
  ])
  const n = total?.n ?? 0
  return { posts: rows.map(toSummary), total: n, page, pageCount: Math.max(1, Math.ceil(n / BLOG_PAGE_SIZE)), tags }
}

/** Tags of published posts with their counts, most used first. */
export async function publishedTags(now = new Date()) {
  const result = await db.execute(sql`
    select tag, count(*)::int as n from ${blogPosts}, unnest(${blogPosts.tags}) as tag
    where ${blogPosts.publishedAt} is not null and ${blogPosts.publishedAt} <= ${now.toISOString()}::timestamptz
    group by tag order by n desc, tag`)
  const rows = (result as unknown as { rows: { tag: string; n: number }[] }).rows
  return rows.map((row) => ({ tag: row.tag, count: Number(row.n) }))
}

/** A published post with its rendered body, or null (drafts are not public). */
export async function getPublishedPost(slug: string, now = new Date()) {
  if (!isPlainSlug(slug)) return null
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug.toLowerCase()), isPublished(now)))
    .limit(1)
  if (!post) return null
  return { ...toSummary(post), html: renderMarkdown(post.body) }
}

/** The newest published posts with rendered bodies, for the RSS feed. */
export async function feedPosts(limit = 20, now = new Date()) {
  const rows = await db.select().from(blogPosts).where(isPublished(now)).orderBy(desc(blogPosts.publishedAt)).limit(limit)
  return rows.map((post) => ({ ...toSummary(post), html: renderMarkdown(post.body) }))
}

/** Slug and last change of every published post, for the sitemap. */
export async function sitemapPosts(now = new Date()) {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublished(now))
    .orderBy(desc(blogPosts.publishedAt))
}

// --- Admin ----------------------------------------------------------------------------------

const ADMIN_PAGE_SIZE = 25

/** Every post (drafts included), newest first, with an optional title search. */
export async function adminListPosts(actor: Actor, { page = 1, q = '' }: { page?: number; q?: string } = {}) {
  requireAdmin(actor)
  const term = q.trim()
  const where = term ? or(ilike(blogPosts.title, `%${escapeLike(term)}%`), ilike(blogPosts.slug, `%${escapeLike(term)}%`)) : undefined
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(blogPosts).where(where),
    db
      .select(summaryColumns)
      .from(blogPosts)
      .where(where)
      .orderBy(sql`${blogPosts.publishedAt} desc nulls first`, desc(blogPosts.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
  ])
  const n = total?.n ?? 0
  return { posts: rows.map(toSummary), total: n, page, pageCount: Math.max(1, Math.ceil(n / ADMIN_PAGE_SIZE)) }
}

export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}

export async function adminGetPost(actor: Actor, id: string) {
  requireAdmin(actor)
  const [post] = isId(id) ? await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1) : []
  if (!post) throw notFound('Post')
  return post
}

/** Server-rendered preview of a draft body (admin only). */
export function previewMarkdown(actor: Actor, markdown: string) {
  requireAdmin(actor)
  return renderMarkdown(markdown)
}

const slugTaken = () => new DomainError('Another post already uses this slug.', { status: 409, code: 'SLUG_TAKEN', field: 'slug' })

async function assertSlugFree(slug: string, exceptId?: string) {
  const [row] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1)
  if (row && row.id !== exceptId) throw slugTaken()
}

/** Creates a post, as a draft unless `publish`. The slug defaults to the title's. */
export async function createPost(actor: Actor, input: unknown, { publish = false, now = new Date() } = {}) {
  requireAdmin(actor)
  const value = blogPostSchema.parse(input)
  const slug = value.slug || slugify(value.title, 80)
  if (!slug) throw new DomainError('Give the post a slug', { field: 'slug' })
  await assertSlugFree(slug)
  try {
    const [post] = await db
      .insert(blogPosts)
      .values({ ...value, slug, publishedAt: publish ? now : null })
      .returning()
    return post!
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken()
    throw error
  }
}

export async function updatePost(actor: Actor, id: string, input: unknown) {
  const existing = await adminGetPost(actor, id)
  const value = blogPostSchema.parse(input)
  const slug = value.slug || existing.slug
  await assertSlugFree(slug, existing.id)
  try {
    const [post] = await db
      .update(blogPosts)
      .set({ ...value, slug })
      .where(eq(blogPosts.id, existing.id))
      .returning()
    return post!
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken()
    throw error
  }
}

/** Publishes (dated now unless it already has a date) or unpublishes (back to a draft). */
export async function setPostPublished(actor: Actor, id: string, published: boolean, now = new Date()) {
  const existing = await adminGetPost(actor, id)
  const [post] = await db
    .update(blogPosts)
    .set({ publishedAt: published ? (existing.publishedAt ?? now) : null })
    .where(eq(blogPosts.id, existing.id))
    .returning()
  return post!
}

export async function deletePost(actor: Actor, id: string) {
  const existing = await adminGetPost(actor, id)
  await db.delete(blogPosts).where(eq(blogPosts.id, existing.id))
}
