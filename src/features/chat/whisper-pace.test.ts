import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paced, WHISPER_INTERVAL_MS } from './whisper-pace';

describe('paced typing whispers', () => {
  beforeEach(() => void vi.useFakeTimers({ now: 0 }));
  afterEach(() => void vi.useRealTimers());

  it('sends at most 4 a second however fast signals come (the hub allows 10 client events a second)', () => {
    const sent: Array<[number, boolean]> = [];
    const whisper = paced<boolean>((typing) => sent.push([Date.now(), typing]));
    // 20 sends in a second: each is a keystroke (typing) then Enter (stopped).
    for (let i = 0; i < 20; i++) {
      whisper(true);
      whisper(false);
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(1000);
    for (let i = 0; i < sent.length; i++) {
      const inWindow = sent.filter(([at]) => at >= sent[i]![0] && at < sent[i]![0] + 1000);
      expect(inWindow.length).toBeLessThanOrEqual(1000 / WHISPER_INTERVAL_MS);
    }
    // The other side ends with the latest state.
    expect(sent.at(-1)?.[1]).toBe(false);
  });

  it('sends a lone signal at once, and drops a waiting one on cancel', () => {
    const sent: boolean[] = [];
    const whisper = paced<boolean>((typing) => sent.push(typing));
    whisper(true);
    expect(sent).toEqual([true]);
    whisper(false);
    whisper.cancel();
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([true]);
  });
});
