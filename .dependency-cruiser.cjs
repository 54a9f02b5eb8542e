// The rooms of app/ and the arrows allowed between them (docs/architecture.md, "Rooms").
// `npm run lint` runs this; tests/unit/rooms.test.ts checks that a wrong arrow fails it.
// Type-only imports are erased at build time and are not arrows; dynamic import() is.
const SERVER_ONLY = '\\.server\\.tsx?$'
const room = (...names) => `^app/(${names.join('|')})/`

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-imports-nothing',
      comment: 'core/ (errors, vocabularies, dates, money, format, words) imports nothing of the app.',
      severity: 'error',
      from: { path: '^app/core/' },
      to: { path: '^app/', pathNot: '^app/core/' },
    },
    {
      name: 'planner-is-pure',
      comment: 'The tour planner reads only core/.',
      severity: 'error',
      from: { path: '^app/planner/' },
      to: { path: '^app/', pathNot: room('planner', 'core') },
    },
    {
      name: 'db-reads-only-core',
      comment: 'The schema and client know nothing of the features that use them.',
      severity: 'error',
      from: { path: '^app/db/' },
      to: { path: '^app/', pathNot: [room('db', 'core'), '^app/env\\.server\\.ts$'] },
    },
    {
      name: 'platform-reads-core-and-db',
      comment: 'platform/ (storage, mail, throttles, caches, cookies, the bus) serves every feature and knows none.',
      severity: 'error',
      from: { path: '^app/platform/' },
      to: { path: '^app/', pathNot: [room('platform', 'core', 'db'), '^app/env\\.server\\.ts$'] },
    },
    {
      name: 'features-below-pages',
      comment: 'A feature is used by pages, the server and the seed; it never imports them.',
      severity: 'error',
      from: { path: '^app/features/' },
      to: {
        path: [
          room('routes', 'components', 'hooks', 'web', 'server', 'seed', 'test-routes', 'realtime'),
          '^app/(root|entry\\.[a-z]+|init\\.server)\\.tsx?$',
        ],
      },
    },
    {
      name: 'browser-code-stays-off-the-server',
      comment: 'A module the browser may load does not import a .server module, the database or platform/.',
      severity: 'error',
      from: { path: room('core', 'planner', 'hooks', 'components', 'features', 'web'), pathNot: SERVER_ONLY },
      to: { path: [SERVER_ONLY, room('db', 'platform', 'server')] },
    },
    {
      name: 'hooks-read-core-and-features',
      severity: 'error',
      from: { path: '^app/hooks/' },
      to: { path: '^app/', pathNot: [room('hooks', 'core', 'features', 'realtime'), '^app/root\\.tsx$'] },
    },
    {
      name: 'web-helps-pages',
      comment: 'web/ (form replies, API envelope, seo, sitemap, headers) is for routes; it imports no page.',
      severity: 'error',
      from: { path: '^app/web/' },
      to: { path: [room('routes', 'components', 'server', 'seed', 'test-routes'), '^app/(root|entry\\.[a-z]+)\\.tsx?$'] },
    },
    {
      name: 'pages-reach-the-database-through-features',
      comment: 'Routes and components call a feature service; they never hold the client or the tables.',
      severity: 'error',
      from: { path: room('routes', 'components', 'hooks', 'web') },
      to: { path: room('db', 'seed', 'server', 'test-routes') },
    },
    {
      name: 'server-is-the-top',
      comment: 'server/ (HTTP, runtime) is imported only by server.ts, the entries and itself.',
      severity: 'error',
      from: { path: '^app/', pathNot: [room('server', 'realtime'), '^app/entry\\.server\\.tsx$'] },
      to: { path: '^app/server/' },
    },
    {
      name: 'seed-is-a-script',
      comment: 'Only the seed, its first run (init.server.ts) and scripts import the seed.',
      severity: 'error',
      from: { path: '^app/', pathNot: ['^app/seed/', '^app/init\\.server\\.ts$'] },
      to: { path: '^app/seed/' },
    },
    {
      name: 'drivers-only-in-services',
      comment: "'pg' and 'drizzle-orm' are for db/, .server services, the server and the seed.",
      severity: 'error',
      from: { path: '^app/', pathNot: [room('db', 'seed', 'server', 'test-routes'), SERVER_ONLY] },
      to: { path: '(^|/)node_modules/(pg|drizzle-orm)/' },
    },
    {
      name: 'no-cycles-between-rooms',
      comment: 'Two rooms never import each other, by any path.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^app/', pathNot: '^app/features/' },
      to: { circular: true },
    },
    {
      name: 'no-cycles-between-subjects',
      comment:
        'Two subjects in features/ never import each other, by any path: a shared piece moves to the lower subject, core/ or platform/.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^app/features/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^app/db/migrations/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve packages to the code Node runs (not their .d.ts), so the driver rule sees 'pg' and 'drizzle-orm'.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      mainFields: ['module', 'main'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
