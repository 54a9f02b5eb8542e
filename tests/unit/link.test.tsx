import {
  Form as RemixForm,
  Link as RemixLink,
  NavLink as RemixNavLink,
  type FormProps,
  type LinkProps,
  type NavLinkProps,
} from '@remix-run/react'
import fc from 'fast-check'
import type { ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { describe, expect, test } from 'vitest'
import { Form, Link, NavLink } from '~/components/link'

// The server's Link, NavLink and Form (app/components/link.tsx) must write what Remix's write, in a
// real static router as RemixServer builds one: same attributes, same order, same text.

/** The markup of `Page` rendered at `url` in a static data router, or what the render threw. */
async function render(url: string, Page: ComponentType, basename = '/') {
  const routes = [{ id: 'page', path: '*', Component: Page }]
  const handler = createStaticHandler(routes, { basename })
  const context = await handler.query(new Request(`http://localhost${url}`))
  if (context instanceof Response) throw new Error(`the router answered ${context.status}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  try {
    return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />)
  } catch (error) {
    // React Router's own NavLink throws on a protocol-relative URL: the same must happen here.
    return `threw ${String(error)}`
  }
}

async function bothRender(url: string, remix: ComponentType, ours: ComponentType, basename?: string) {
  return { remix: await render(url, remix, basename), ours: await render(url, ours, basename) }
}

test('in the server build (import.meta.env.SSR) the components are the shortcut’s, not Remix’s', () => {
  expect(import.meta.env.SSR).toBe(true)
  expect(Link).not.toBe(RemixLink)
  expect(NavLink).not.toBe(RemixNavLink)
  expect(Form).not.toBe(RemixForm)
})

describe('the markup equals Remix’s', () => {
  test.each<[string, LinkProps]>([
    ['a header link', { to: '/blog', className: 'nav-link' }],
    ['with search and hash', { to: '/search?city=Austin&state=TX#results' }],
    ['a bare ? and #', { to: '/search?#' }],
    ['a trailing slash', { to: '/venues/' }],
    [
      'with every router-only prop',
      { to: '/x', prefetch: 'intent', replace: true, state: { a: 1 }, preventScrollReset: true, relative: 'path', viewTransition: true },
    ],
    ['a new tab', { to: '/terms', target: '_blank', rel: 'noreferrer' }],
    ['no discovery', { to: '/x', discover: 'none' }],
    ['a reload', { to: '/logout', reloadDocument: true }],
    ['not a site path: relative', { to: 'edit' }],
    ['not a site path: protocol-relative', { to: '//example.com/x' }],
    ['not a site path: a URL', { to: 'https://example.com/x' }],
    ['not a site path: an object', { to: { pathname: '/x', search: '?a=1' } }],
  ])('Link: %s', async (_name, props) => {
    const { remix, ours } = await bothRender(
      '/blog/post',
      () => <RemixLink {...props}>text</RemixLink>,
      () => <Link {...props}>text</Link>,
    )
    expect(ours).toBe(remix)
    expect(ours).toContain('<a ')
  })

  test.each<[string, string, NavLinkProps]>([
    [
      'active, with a class function',
      '/blog',
      { to: '/blog', className: ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off') },
    ],
    ['active below its path', '/blog/post', { to: '/blog', className: 'nav-link' }],
    ['not active with end', '/blog/post', { to: '/blog', end: true }],
    ['not active on a longer name', '/blogs', { to: '/blog' }],
    ['case-insensitive', '/BLOG', { to: '/blog' }],
    ['case-sensitive', '/BLOG', { to: '/blog', caseSensitive: true }],
    ['the root is active only at the root', '/blog', { to: '/' }],
    ['a trailing slash on the link', '/venues/tx', { to: '/venues/' }],
    ['an encoded path', '/caf%C3%A9', { to: '/café' }],
    [
      'a step, a style and children from the state',
      '/blog',
      {
        to: '/blog',
        'aria-current': 'step',
        style: () => ({ color: 'red' }),
        children: ({ isActive }: { isActive: boolean }) => String(isActive),
      },
    ],
  ])('NavLink: %s', async (_name, url, props) => {
    const { remix, ours } = await bothRender(
      url,
      () => <RemixNavLink {...props} />,
      () => <NavLink {...props} />,
    )
    expect(ours).toBe(remix)
  })

  test.each<[string, FormProps]>([
    ['the header’s logout', { method: 'post', action: '/logout', children: <button type="submit">Logout</button> }],
    ['a GET search', { method: 'get', action: '/search?x=1', className: 'f' }],
    ['method in capitals, and others', { method: 'PUT', action: '/x', encType: 'multipart/form-data', navigate: false, fetcherKey: 'k' }],
    ['no method', { action: '/x' }],
    ['a reload without discovery', { method: 'post', action: '/x', reloadDocument: true, discover: 'none' }],
    ['not a site path: no action', { method: 'post' }],
    ['not a site path: relative', { method: 'post', action: 'edit' }],
  ])('Form: %s', async (_name, props) => {
    const { remix, ours } = await bothRender(
      '/dashboard',
      () => <RemixForm {...props} />,
      () => <Form {...props} />,
    )
    expect(ours).toBe(remix)
    expect(ours).toContain('<form ')
  })

  test('under a basename every component is Remix’s own', async () => {
    const page = (L: typeof Link, N: typeof NavLink, F: typeof Form) => () => (
      <>
        <L to="/blog">b</L>
        <N to="/blog">n</N>
        <F method="post" action="/logout" />
      </>
    )
    const { remix, ours } = await bothRender('/app/blog', page(RemixLink, RemixNavLink, RemixForm), page(Link, NavLink, Form), '/app')
    expect(ours).toBe(remix)
    expect(ours).toContain('href="/app/blog"')
  })

  const segment = fc.oneof(
    fc.constantFrom('blog', 'Blog', 'venues', 'tx', 'a b', 'café', '%20', '.', '..', ''),
    fc.stringMatching(/^[a-z0-9-]{1,6}$/),
  )
  const path = fc
    .tuple(fc.array(segment, { maxLength: 4 }), fc.boolean(), fc.constantFrom('', '?', '?q=1', '?a=b&c=', '#', '#top', '?x#y'))
    .map(([parts, slash, tail]) => `/${parts.join('/')}${slash && parts.length > 0 ? '/' : ''}${tail}`)
  const to = fc.oneof(
    { weight: 4, arbitrary: path },
    { weight: 1, arbitrary: fc.constantFrom('edit', '../x', '.', '', '//example.com', 'mailto:x@example.com') },
  )
  const optional = <T,>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined })
  const linkProps = fc.record(
    {
      to,
      prefetch: optional(fc.constantFrom('none', 'intent', 'render', 'viewport')),
      discover: optional(fc.constantFrom('render', 'none')),
      reloadDocument: optional(fc.boolean()),
      replace: optional(fc.boolean()),
      target: optional(fc.constantFrom('_blank', '_self')),
      className: optional(fc.constantFrom('', 'nav-link', 'a b')),
      title: optional(fc.string({ maxLength: 6 })),
      'aria-label': optional(fc.constantFrom('Home', '"quoted" & <b>')),
      'data-x': optional(fc.constantFrom('1', '')),
      end: optional(fc.boolean()),
      caseSensitive: optional(fc.boolean()),
    },
    { requiredKeys: ['to'] },
  )
  const here = path.map((p) => p.replace(/[?#].*/, ''))

  // Mostly the app's own basename ('/', where the shortcut applies), sometimes another (Remix's components).
  const basename = fc.constantFrom('/', '/', '/', '/app', '/app/')
  const under = (base: string, url: string) => (base === '/' ? url : base.replace(/\/$/, '') + url)

  test('for generated links, locations and basenames, Link and NavLink write what Remix’s write', async () => {
    await fc.assert(
      fc.asyncProperty(here, linkProps, basename, async (url, props, base) => {
        const { end, caseSensitive, ...link } = props
        const a = await bothRender(
          under(base, url),
          () => <RemixLink {...link}>x</RemixLink>,
          () => <Link {...link}>x</Link>,
          base,
        )
        expect(a.ours).toBe(a.remix)
        const n = await bothRender(
          under(base, url),
          () => <RemixNavLink {...props} end={end} caseSensitive={caseSensitive} />,
          () => <NavLink {...props} end={end} caseSensitive={caseSensitive} />,
          base,
        )
        expect(n.ours).toBe(n.remix)
      }),
      { numRuns: 300 },
    )
  })

  test('for generated forms and basenames, Form writes what Remix’s writes', async () => {
    const formProps = fc.record(
      {
        action: optional(to),
        method: optional(fc.constantFrom('get', 'post', 'POST', 'delete')),
        reloadDocument: optional(fc.boolean()),
        discover: optional(fc.constantFrom('render', 'none')),
        className: optional(fc.constantFrom('', 'inline')),
        encType: optional(fc.constantFrom('multipart/form-data', 'application/x-www-form-urlencoded')),
      },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(here, formProps, basename, async (url, props, base) => {
        const { remix, ours } = await bothRender(
          under(base, url),
          () => <RemixForm {...props} />,
          () => <Form {...props} />,
          base,
        )
        expect(ours).toBe(remix)
      }),
      { numRuns: 200 },
    )
  })
})
