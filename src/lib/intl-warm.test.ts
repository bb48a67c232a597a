import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmIntl } from './intl-warm';

/** A worker as the page sees it: what it was sent, whether it was ended, and its events. */
class StandInWorker extends EventTarget {
  static made: StandInWorker[] = [];
  sent: unknown[] = [];
  terminated = false;
  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    super();
    StandInWorker.made.push(this);
  }
  postMessage(message: unknown) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('warmIntl', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    StandInWorker.made = [];
  });

  it('sends the page’s language to a worker of its own and ends it once the worker says it is done', () => {
    vi.stubGlobal('Worker', StandInWorker);
    warmIntl('uk');
    const [worker] = StandInWorker.made;
    expect(worker!.sent).toEqual(['uk']);
    expect(String(worker!.url)).toMatch(/intl-warm-worker/);
    expect(worker!.terminated).toBe(false);
    worker!.dispatchEvent(new MessageEvent('message', { data: 'warm' }));
    expect(worker!.terminated).toBe(true);
  });

  it('ends a worker that fails', () => {
    vi.stubGlobal('Worker', StandInWorker);
    warmIntl('ru');
    const [worker] = StandInWorker.made;
    worker!.dispatchEvent(new Event('error'));
    expect(worker!.terminated).toBe(true);
  });

  it('leaves the page as it is when the browser refuses the worker', () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused', 'SecurityError');
        }
      },
    );
    expect(() => warmIntl('en')).not.toThrow();
  });
});
