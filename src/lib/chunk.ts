/** Seed, section 9: a code chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
const RELOAD_MARK = 'traderoom:chunk-reload';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Loads a code chunk with the seed's timeout; a failure reloads the page once (a new deploy replaced the chunk). */
export async function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('Chunk load timed out')), timeoutMs);
  });
  try {
    const module = await Promise.race([load(), timeout]);
    sessionStorage.removeItem(RELOAD_MARK);
    return module;
  } catch (error) {
    reloadOnceForChunkError();
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError(String(error));
  } finally {
    clearTimeout(timer);
  }
}

/** Reloads at most once per tab session so that a chunk that is truly gone cannot loop. */
export function reloadOnceForChunkError(): void {
  if (sessionStorage.getItem(RELOAD_MARK)) return;
  sessionStorage.setItem(RELOAD_MARK, '1');
  location.reload();
}

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError ||
    (error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message))
  );
}
