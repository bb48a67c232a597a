import { useCallback, useState } from 'react';

/** Seed: the articles' tile-or-list choice, in local storage under `isTileView`; tiles when nothing is stored. */
export const TILE_VIEW_KEY = 'isTileView';

export function readTileView(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(TILE_VIEW_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function useTileView(): [boolean, (tiles: boolean) => void] {
  const [tiles, setTiles] = useState(readTileView);
  const choose = useCallback((next: boolean) => {
    setTiles(next);
    try {
      localStorage.setItem(TILE_VIEW_KEY, JSON.stringify(next));
    } catch {
      // Storage refused (private mode, quota): the choice lasts for this page only.
    }
  }, []);
  return [tiles, choose];
}
