/**
 * The route groups whose messages load with their routes (scripts/route-catalogues.ts, docs/adr/0097,
 * 0100). A route file belongs to the first group whose folder holds it; every other route, and the
 * app's entry, to the default group, whose messages are always loaded. A group's layout route waits
 * for its messages (`catalogueStep` in src/lib/guards.ts). A new group is one line here and that wait.
 *
 * A group `byScreen` is split once more by the first folder or file under its routes (`app/home`,
 * `app/wallet`): its layout (the files directly in the folder: `route.tsx`, `-layout.tsx`) is the
 * group's own part, and each screen's part holds only what that screen adds, so `/en/home` does not
 * download the words of every signed-in screen. The screen's part is named from the address's
 * segment, which is the route file's or folder's name.
 */
export const CATALOGUE_GROUPS = [
  { group: 'admin', routes: 'src/routes/$lang/_auth/_admin/', byScreen: false },
  { group: 'app', routes: 'src/routes/$lang/_auth/', byScreen: true },
] as const;

export const DEFAULT_CATALOGUE_GROUP = 'public';

type ScreenGroup = Extract<(typeof CATALOGUE_GROUPS)[number], { byScreen: true }>['group'];

export type CatalogueGroup = (typeof CATALOGUE_GROUPS)[number]['group'] | typeof DEFAULT_CATALOGUE_GROUP | `${ScreenGroup}/${string}`;

/** The part a route file's messages go to (a path from the project's root, with `/`). */
export function catalogueGroupOfRouteFile(file: string): CatalogueGroup | undefined {
  if (!file.startsWith('src/routes/')) return undefined;
  const entry = CATALOGUE_GROUPS.find((candidate) => file.startsWith(candidate.routes));
  if (!entry) return DEFAULT_CATALOGUE_GROUP;
  const rest = file.slice(entry.routes.length);
  // The layout's own files, and pathless folders (`_admin`, a group of its own), are not screens.
  if (!entry.byScreen || rest === 'route.tsx' || /^[-_]/.test(rest)) return entry.group;
  return `${entry.group}/${rest.split('/')[0]!.replace(/\.tsx?$/, '')}` as CatalogueGroup;
}

/** The screen part of a `byScreen` group for an address (`/en/home` → `app/home`); loaded only if it exists. */
export function screenCatalogueGroup(group: ScreenGroup, pathname: string): CatalogueGroup {
  return `${group}/${pathname.split('/')[2] ?? ''}`;
}
