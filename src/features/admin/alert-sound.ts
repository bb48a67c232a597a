import { useSyncExternalStore } from 'react';

/**
 * An agent's sound for new client messages: off by default, kept per agent in this browser (a
 * sound is a matter of the desk one sits at). A short WebAudio beep: no file to fetch.
 */
const key = (staffId: number) => `traderoom.chat-sound.${staffId}`;
const listeners = new Set<() => void>();

export function soundEnabled(staffId: number): boolean {
  try {
    return localStorage.getItem(key(staffId)) === 'on';
  } catch {
    return false;
  }
}

export function setSoundEnabled(staffId: number, on: boolean): void {
  try {
    if (on) localStorage.setItem(key(staffId), 'on');
    else localStorage.removeItem(key(staffId));
  } catch {
    // Storage refused (private mode): the switch stays off.
  }
  for (const listener of listeners) listener();
}

export function useSoundEnabled(staffId: number): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => soundEnabled(staffId),
  );
}

let context: AudioContext | null = null;

/** Two short tones, quiet; silently nothing where the browser has no WebAudio or blocks it. */
export function playAlert(): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.14, 1320],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.08, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.12);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.12);
    }
  } catch {
    // No audio here: the tab title still counts.
  }
}
