import { lazyRouteComponent } from '@tanstack/react-router';
import { loadChunk } from './chunk';

/** A screen in its own chunk, loaded with the seed's 120 s timeout and a reload on failure. */
export function lazyScreen<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T & string) {
  return lazyRouteComponent(() => loadChunk(load), name);
}
