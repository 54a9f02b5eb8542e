/**
 * A constant table read with keys from people's input: without a prototype, so '__proto__' or
 * 'constructor' find nothing. Marked free of side effects, so a bundle drops a table no page reads.
 */
export function lookupTable<V>(entries: Record<string, V>): Readonly<Record<string, V>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, V>, entries))
}
