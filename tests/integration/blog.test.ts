import { eq } from 'drizzle-orm'
import { publicOrigin } from '~/env.server'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { blogPosts } from '~/db/schema'
import { renderMarkdown, readingMinutes } from '~/features/blog/markdown.server'
import { loader as postLoader } from '~/routes/blog+/$slug'
import { loader as indexLoader } from '~/routes/blog+/_index'
import { loader as rssLoader } from '~/routes/blog+/rss[.]xml'
import { loader as tagLoader } from '~/routes/blog+/tag.$tag'
import { loader as sitemapFileLoader } from '~/routes/_seo+/sitemaps.$file'
import { action as editAction } from '~/routes/admin+/blog.$id'
import { DELETE_UNCONFIRMED } from '~/routes/admin+/editor.server'
import { action as newAction } from '~/routes/admin+/blog.new'
import {
  adminListPosts,
  createPost,
  deletePost,
  getPublishedPost,
  listPublishedPosts,
  setPostPublished,
  updatePost,
} from '~/features/blog/blog.server'
import { DomainError } from '~/core/errors'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest, type TestAccount } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

const day = 86_400_000
const base = Date.parse('2026-01-01T12:00:00Z')

let admin: TestAccount
let organizer: TestAccount

const post = (i: number, extra: Partial<typeof blogPosts.$inferInsert> = {}) => ({
  slug: `post-${i}`,
  title: `Post ${i}`,
  excerpt: `Excerpt ${i}`,
  body: `## Part ${i}\n\n${'word '.repeat(450)}`,
  authorName: 'Dana Whitfield',
  tags: i % 2 ? ['touring'] : ['venues'],
  publishedAt: new Date(base + i * day),
  ...extra,
})

beforeAll(async () => {
  ;[admin, organizer] = await Promise.all([createTestUser('admin'), createTestUser('organizer')])
  // 11 published posts (two pages of 9), one draft, one scheduled for the future.
  await db
    .insert(blogPosts)
    .values([
      ...Array.from({ length: 11 }, (_, i) => post(i + 1)),
      post(50, { slug: 'a-draft', publishedAt: null }),
      post(51, { slug: 'tomorrow', publishedAt: new Date(Date.now() + 2 * day) }),
    ])
})

async function expect404(run: () => Promise<unknown>) {
  const thrown = await run().then(
    () => null,
    (error: unknown) => error,
  )
  // Remix's data() throws a DataWithResponseInit; its init carries the status.
  const status = thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } } | null)?.init?.status
  expect(status).toBe(404)
}

const get = (path: string) => new Request(`http://localhost${path}`)

describe('sanitiser', () => {
  it('strips scripts, event handlers, javascript: links and frames, keeps ordinary markdown', () => {
    const html = renderMarkdown(
      '# Title\n\nSafe **bold** [ok](/search) [ext](https://example.com)\n\n<script>alert(1)</script>\n\n<img src="/x.png" onerror="alert(1)">\n\n[bad](javascript:alert(1)) <a href="JaVaScRiPt:alert(1)">x</a>\n\n<iframe src="https://evil.example"></iframe><div onclick="x()">d</div>',
    )
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i)
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain('<a href="/search">ok</a>')
    expect(html).toContain('rel="noopener noreferrer nofollow"')
    // A markdown h1 becomes h2: the post title is the page's one h1.
    expect(html).toContain('<h2>Title</h2>')
  })

  it('reading time is words / 225, at least one minute', () => {
    expect(readingMinutes('one two')).toBe(1)
    expect(readingMinutes('word '.repeat(451))).toBe(3)
  })
})

describe('public blog', () => {
  it('lists published posts newest first, nine a page, never drafts or scheduled posts', async () => {
    const first = await listPublishedPosts()
    expect(first.total).toBe(11)
    expect(first.pageCount).toBe(2)
    expect(first.posts.map((p) => p.slug).slice(0, 2)).toEqual(['post-11', 'post-10'])
    const second = await listPublishedPosts({ page: 2 })
    expect(second.posts.map((p) => p.slug)).toEqual(['post-2', 'post-1'])
    expect([...first.posts, ...second.posts].some((p) => p.slug === 'a-draft' || p.slug === 'tomorrow')).toBe(false)
    expect(first.tags).toEqual([
      { tag: 'touring', count: 6 },
      { tag: 'venues', count: 5 },
    ])
    expect(first.posts[0]!.readingMinutes).toBe(3)
  })

  it('filters by tag at /blog/tag/{tag}; /blog?tag= redirects there', async () => {
    const data = await tagLoader(routeArgs(get('/blog/tag/venues'), { tag: 'venues' }))
    expect(data.posts.every((p) => p.tags.includes('venues'))).toBe(true)
    expect(data.total).toBe(5)
    const redirect = await indexLoader(routeArgs(get('/blog?tag=venues&page=1'))).catch((r: Response) => r)
    expect((redirect as Response).status).toBe(301)
    expect((redirect as Response).headers.get('Location')).toBe('/blog/tag/venues?page=1')
    await expect404(() => tagLoader(routeArgs(get('/blog/tag/nothing'), { tag: 'nothing' })))
    await expect404(() => indexLoader(routeArgs(get('/blog?page=3'))))
  })

  it('a post renders sanitised HTML; an unknown slug, a draft and a scheduled post are 404', async () => {
    const data = await postLoader(routeArgs(get('/blog/post-3'), { slug: 'post-3' }))
    expect(data.post.html).toContain('<h2>Part 3</h2>')
    expect(data.post.readingMinutes).toBe(3)
    for (const slug of ['no-such-post', 'a-draft', 'tomorrow']) {
      await expect404(() => postLoader(routeArgs(get(`/blog/${slug}`), { slug })))
    }
  })

  it('RSS is an RSS 2.0 document of published posts with absolute links', async () => {
    const response = await rssLoader({ request: get('/blog/rss.xml') })
    expect(response.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8')
    const xml = await response.text()
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/)
    // The configured public origin (APP_URL, else http://localhost:$PORT), never the request's.
    expect(xml).toContain(`<link>${publicOrigin()}/blog/post-11</link>`)
    expect((xml.match(/<item>/g) ?? []).length).toBe(11)
    expect(xml).not.toContain('a-draft')
    expect(xml).toContain('</rss>')
  })

  it('the blog sitemap lists every published post', async () => {
    const response = await sitemapFileLoader(routeArgs(get('/sitemaps/blog.xml'), { file: 'blog.xml' }))
    const xml = await response.text()
    expect((xml.match(/<url>/g) ?? []).length).toBe(11)
    expect(xml).toContain(`<loc>${publicOrigin()}/blog/post-1</loc>`)
  })
})

describe('admin blog service', () => {
  it('only admins manage posts (403 for others, 401 signed out)', async () => {
    for (const run of [
      () => adminListPosts(organizer.user),
      () => createPost(organizer.user, post(90)),
      () => setPostPublished(organizer.user, 'x'.repeat(24), true),
      () => deletePost(organizer.user, 'x'.repeat(24)),
    ]) {
      await expect(run()).rejects.toMatchObject({ status: 403 })
    }
    await expect(adminListPosts(null)).rejects.toMatchObject({ status: 401 })
  })

  it('creates a draft, publishes, edits, unpublishes and deletes', async () => {
    const draft = await createPost(admin.user, {
      title: 'Load-in Basics',
      excerpt: 'E',
      body: 'Body <script>x()</script>',
      authorName: 'A',
      tags: 'Touring, Load In',
    })
    expect(draft).toMatchObject({ slug: 'load-in-basics', publishedAt: null, tags: ['touring', 'load-in'] })
    expect(await getPublishedPost('load-in-basics')).toBeNull()
    await setPostPublished(admin.user, draft.id, true)
    const shown = await getPublishedPost('load-in-basics')
    expect(shown?.html).not.toContain('<script')
    await updatePost(admin.user, draft.id, {
      title: 'Load-in Basics',
      slug: 'load-in',
      excerpt: 'E2',
      body: 'New',
      authorName: 'A',
      tags: '',
    })
    expect((await getPublishedPost('load-in'))?.excerpt).toBe('E2')
    await setPostPublished(admin.user, draft.id, false)
    expect(await getPublishedPost('load-in')).toBeNull()
    await deletePost(admin.user, draft.id)
    expect(await db.select().from(blogPosts).where(eq(blogPosts.id, draft.id))).toEqual([])
  })

  it('a taken slug is a field error, on create and on edit', async () => {
    await expect(createPost(admin.user, { ...post(91), slug: 'post-1', tags: '' })).rejects.toMatchObject({ field: 'slug', status: 409 })
    const [second] = await db.select().from(blogPosts).where(eq(blogPosts.slug, 'post-2'))
    const error = await updatePost(admin.user, second!.id, { ...post(2), slug: 'post-1', tags: '' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DomainError)
    expect((error as DomainError).field).toBe('slug')
  })
})

describe('admin blog pages', () => {
  it('preview answers the sanitised HTML without saving; a taken slug comes back as a field error', async () => {
    const fields = { title: 'Preview me', slug: '', excerpt: 'E', authorName: 'A', tags: '', body: '**hi** <img src=x onerror=alert(1)>' }
    const preview = (await newAction({
      request: formRequest('http://localhost/admin/blog/new', { ...fields, intent: 'preview' }, { Cookie: admin.cookie }),
      params: {},
      context: {},
    })) as unknown as {
      data: { preview: { html: string } }
    }
    expect(preview.data.preview.html).toContain('<strong>hi</strong>')
    expect(preview.data.preview.html).not.toContain('onerror')
    expect(await db.select().from(blogPosts).where(eq(blogPosts.title, 'Preview me'))).toEqual([])

    const taken = (await newAction({
      request: formRequest('http://localhost/admin/blog/new', { ...fields, slug: 'post-4', intent: 'save' }, { Cookie: admin.cookie }),
      params: {},
      context: {},
    })) as unknown as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }
      init: { status: number }
    }
    expect(taken.init.status).toBe(409)
    expect(taken.data.result.error.slug).toEqual(['Another post already uses this slug.'])
    expect(taken.data.result.initialValue).toMatchObject({ title: 'Preview me', slug: 'post-4' })
  })

  it('saves an edit and redirects back to the editor', async () => {
    const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, 'post-5'))
    const response = (await editAction({
      request: formRequest(
        `http://localhost/admin/blog/${row!.id}`,
        { intent: 'save', title: 'Post five, revised', slug: 'post-5', excerpt: 'E', authorName: 'A', tags: 'venues', body: 'Body' },
        { Cookie: admin.cookie },
      ),
      params: { id: row!.id },
      context: {},
    })) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/admin/blog/${row!.id}`)
    expect((await getPublishedPost('post-5'))?.title).toBe('Post five, revised')
  })

  it('deleting needs the confirm box: without it a 400 with a clear message and the post stays; with it the post is gone', async () => {
    const draft = await createPost(admin.user, {
      title: 'Delete me',
      slug: 'delete-me',
      excerpt: 'E',
      authorName: 'A',
      tags: '',
      body: 'Body',
    })
    const post = (fields: Record<string, string>) =>
      editAction({
        request: formRequest(`http://localhost/admin/blog/${draft.id}`, fields, { Cookie: admin.cookie }),
        params: { id: draft.id },
        context: {},
      })
    for (const fields of [{ intent: 'delete' }, { intent: 'delete', confirm: 'no' }] as Array<Record<string, string>>) {
      const refused = (await post(fields)) as unknown as {
        data: { intent: string; result: { error: Record<string, string[]> } }
        init: { status: number }
      }
      expect(refused.init.status).toBe(400)
      expect(refused.data).toMatchObject({ intent: 'delete', result: { error: { '': [DELETE_UNCONFIRMED] } } })
      expect(await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, draft.id))).toHaveLength(1)
    }
    const deleted = (await post({ intent: 'delete', confirm: 'yes' })) as Response
    expect(deleted.status).toBe(302)
    expect(deleted.headers.get('Location')).toBe('/admin/blog')
    expect(await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, draft.id))).toHaveLength(0)
  })

  it('a non-admin posting to the editor is turned away', async () => {
    const result = await newAction({
      request: formRequest('http://localhost/admin/blog/new', { intent: 'save', title: 'x' }, { Cookie: organizer.cookie }),
      params: {},
      context: {},
    }).catch((r: unknown) => r)
    expect(result).toBeInstanceOf(Response)
    expect((result as Response).status).toBe(302)
    expect((result as Response).headers.get('Location')).not.toContain('/admin')
  })
})
