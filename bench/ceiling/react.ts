// The ceiling for a server-rendered React page: node:http + React 18 renderToString of a page of 40
// venue cards, no data access, no framework.
import http from 'node:http'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'

const venues = Array.from({ length: 40 }, (_, i) => ({
  id: i,
  name: `Venue number ${i}`,
  city: 'Austin, TX',
  type: 'Club',
  capacity: 100 + i * 10,
  price: 500 + i * 25,
}))

function Page() {
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Ceiling')),
    h(
      'body',
      null,
      h('header', null, h('a', { href: '/' }, 'Stagepass')),
      h(
        'main',
        null,
        h('h1', null, 'Venues in Austin'),
        h(
          'ul',
          { className: 'grid' },
          venues.map((v) =>
            h(
              'li',
              { key: v.id, className: 'card' },
              h('img', { src: `/art/${v.id}.svg`, alt: v.name, width: 400, height: 300 }),
              h('h2', null, h('a', { href: `/venues/${v.id}` }, v.name)),
              h('p', null, `${v.city} · ${v.type}`),
              h('p', null, `Up to ${v.capacity} guests · $${v.price} per day`),
            ),
          ),
        ),
      ),
    ),
  )
}

const port = Number(process.env.PORT ?? 3463)
http
  .createServer((_req, res) => {
    const html = '<!doctype html>' + renderToString(h(Page))
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) })
    res.end(html)
  })
  .listen(port, '127.0.0.1', () => console.log(`ready ${port}`))
