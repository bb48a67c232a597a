import { describe, expect, it } from 'vitest';
import { readTileView } from './use-tile-view';

const storage = (value: string | null) => ({ getItem: () => value });

describe('readTileView', () => {
  it('shows tiles when nothing is stored', () => {
    expect(readTileView(storage(null))).toBe(true);
  });

  it('keeps the stored choice', () => {
    expect(readTileView(storage('false'))).toBe(false);
    expect(readTileView(storage('true'))).toBe(true);
  });

  it('falls back to tiles when storage refuses to answer', () => {
    expect(readTileView({ getItem: () => { throw new Error('denied'); } })).toBe(true);
  });
});
