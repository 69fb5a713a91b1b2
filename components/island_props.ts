/**
 * The id of the script holding the props of the island rendered with `prefix` (server/island.tsx writes it,
 * islands/client.ts reads it). Prefixes are unique on a page, and an identifier React makes with one has its
 * own form («prefix«r0»»).
 */
export const islandPropsId = (prefix: string) => `${prefix}props`;
