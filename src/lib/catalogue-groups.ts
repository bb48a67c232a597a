/**
 * The route groups whose messages load with their routes (scripts/route-catalogues.ts, docs/adr/0097).
 * A route file belongs to the first group whose folder holds it; every other route, and the app's
 * entry, to the default group, whose messages are always loaded. A group's layout route waits for
 * its messages (`catalogueStep` in src/lib/guards.ts). A new group is one line here and that wait.
 */
export const CATALOGUE_GROUPS = [
  { group: 'admin', routes: 'src/routes/$lang/_auth/_admin/' },
  { group: 'app', routes: 'src/routes/$lang/_auth/' },
] as const;

export const DEFAULT_CATALOGUE_GROUP = 'public';

export type CatalogueGroup = (typeof CATALOGUE_GROUPS)[number]['group'] | typeof DEFAULT_CATALOGUE_GROUP;
