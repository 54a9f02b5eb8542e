// Domain vocabularies shared by the database schema, the forms and the UI: the database's check
// constraints are built from these lists, and the pages import them from here (never from the
// schema, which the browser bundle must not load). Import from this file; its parts are files of
// their own only so that a page's JavaScript carries just the vocabularies it uses.

export * from './records'
export * from './roles'
export * from './venue-terms'
export * from './us-states'
