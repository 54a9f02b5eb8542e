/**
 * A constant table that is read with keys taken from people's input: built without a prototype, so
 * 'constructor', '__proto__' or 'toString' find nothing instead of Object's own members (a city
 * search for '__proto__' threw before). Marked free of side effects so that a bundle leaves out a
 * table no page code reads.
 */
/*#__NO_SIDE_EFFECTS__*/
export function lookupTable<V>(entries: Record<string, V>): Readonly<Record<string, V>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, V>, entries))
}
