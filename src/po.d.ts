/** Lingui's Vite plugin compiles a .po catalog on import into `{ messages }`. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** The catalogue's parts by language and route group (scripts/route-catalogues.ts). */
declare module 'virtual:route-catalogues' {
  import type { Messages } from '@lingui/core';
  export function hasCatalogue(locale: string, group: string): boolean;
  export function loadCatalogue(locale: string, group: string): Promise<Messages>;
}
