/** Lingui's Vite plugin compiles a .po catalog on import into `{ messages }`. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
