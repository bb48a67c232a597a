import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from './chunk';

/**
 * The page's life around a chunk that fails: each "page load" is a fresh document whose entry
 * script names the build; sessionStorage survives reloads, as in a browser tab.
 */
let reloads = 0;

function pageLoad(build: string) {
  document.head.innerHTML = `<script type="module" src="/assets/index-${build}.js"></script>`;
}

const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/HistoryScreen-1.js'));
const loading = () => Promise.resolve({ Screen: 'ok' });

beforeEach(() => {
  reloads = 0;
  sessionStorage.clear();
  vi.spyOn(location, 'reload').mockImplementation(() => {
    reloads += 1;
  });
});
afterEach(() => vi.restoreAllMocks());

describe('a chunk that fails to load', () => {
  it('reloads the page once, then fails for the error layout even when other chunks load in between', async () => {
    pageLoad('a1');
    await expect(loadChunk(loading)).resolves.toEqual({ Screen: 'ok' });
    await expect(loadChunk(failing)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reloads).toBe(1);

    // After the reload: the layout's chunk loads, the screen's fails again, and again on "Try again".
    for (let attempt = 0; attempt < 5; attempt++) {
      pageLoad('a1');
      await loadChunk(loading);
      await expect(loadChunk(failing)).rejects.toBeInstanceOf(ChunkLoadError);
    }
    expect(reloads).toBe(1);
  });

  it('reloads once more after a later deploy, since the page then runs another build', async () => {
    pageLoad('a1');
    await expect(loadChunk(failing)).rejects.toThrow();
    pageLoad('b2');
    await loadChunk(loading);
    await expect(loadChunk(failing)).rejects.toThrow();
    expect(reloads).toBe(2);
    pageLoad('b2');
    await expect(loadChunk(failing)).rejects.toThrow();
    expect(reloads).toBe(2);
  });

  it('counts a chunk that never arrives as failed after the timeout', async () => {
    pageLoad('a1');
    await expect(loadChunk(() => new Promise(() => {}), 5)).rejects.toThrow('Chunk load timed out');
    expect(reloads).toBe(1);
  });
});
