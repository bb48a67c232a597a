/**
 * An agent's sound for new client messages: a short WebAudio beep, no file to fetch. Whether it
 * plays is the agent's own setting, kept on the server (api/agent-alerts.ts).
 */
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
