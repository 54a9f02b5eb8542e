// Browsers and feed readers that do not read the page's <link rel="icon"> ask for /favicon.ico:
// they get the one icon there is, /favicon.svg (public/), instead of a sign-in page or a 404.
export function loader() {
  return new Response(null, { status: 301, headers: { Location: '/favicon.svg', 'Cache-Control': 'public, max-age=86400' } })
}
