// The ceiling for any Node server on this machine: node:http answering a fixed 9 KB HTML body.
import http from 'node:http'

const body = Buffer.from(`<!doctype html><html><body>${'<p>Stagepass ceiling page.</p>'.repeat(300)}</body></html>`)
const port = Number(process.env.PORT ?? 3462)
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length })
    res.end(body)
  })
  .listen(port, '127.0.0.1', () => console.log(`ready ${port}`))
