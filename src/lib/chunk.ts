/** Seed, section 9: a code chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
const RELOAD_MARK = 'traderoom:chunk-reload';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/**
 * Which build this page runs: the entry script's hashed URL (a deploy changes it). The mark of a
 * reload names the build that reloaded, so each build reloads at most once, whatever loads after.
 */
export function currentBuild(): string {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return entry?.src ?? location.pathname;
}

/** Loads a code chunk with the seed's timeout; a failure reloads the page once per build (a new deploy replaced the chunk). */
export async function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('Chunk load timed out')), timeoutMs);
  });
  try {
    // A chunk that loads must not clear the mark: the page would reload again for the one that
    // keeps failing, and again, in a loop.
    return await Promise.race([load(), timeout]);
  } catch (error) {
    reloadOnceForChunkError();
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError(String(error));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reloads at most once per build in a tab session: a chunk that is truly gone (or a network that
 * is down) then ends on the error layout with its retry, never in a reload loop. A later deploy
 * is a new build and gets its one reload.
 */
export function reloadOnceForChunkError(): boolean {
  const build = currentBuild();
  if (sessionStorage.getItem(RELOAD_MARK) === build) return false;
  sessionStorage.setItem(RELOAD_MARK, build);
  location.reload();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError ||
    (error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message))
  );
}
