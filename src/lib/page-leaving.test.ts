import { afterEach, describe, expect, it } from 'vitest';
import { unlessPageLeft } from './page-leaving';

/** What the promise has done once every callback already due has run (a task later). */
async function outcome<T>(promise: Promise<T>): Promise<'resolved' | 'rejected' | 'pending'> {
  let state: 'resolved' | 'rejected' | 'pending' = 'pending';
  promise.then(
    () => void (state = 'resolved'),
    () => void (state = 'rejected'),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return state;
}

describe('unlessPageLeft', () => {
  afterEach(() => {
    window.dispatchEvent(new Event('pageshow'));
  });

  it('passes an answer and a failure through while the page stays', async () => {
    expect(await outcome(unlessPageLeft(Promise.resolve('ada')))).toBe('resolved');
    expect(await outcome(unlessPageLeft(Promise.reject(new TypeError('Failed to fetch'))))).toBe('rejected');
  });

  it('never settles a failure once the page is being left, so nothing acts on a request the browser ended', async () => {
    window.dispatchEvent(new Event('pagehide'));
    expect(await outcome(unlessPageLeft(Promise.reject(new TypeError('Failed to fetch'))))).toBe('pending');
    // An answer that did come is still an answer.
    expect(await outcome(unlessPageLeft(Promise.resolve('ada')))).toBe('resolved');
  });

  it('fails again on a page the browser shows again (back and forward)', async () => {
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pageshow'));
    expect(await outcome(unlessPageLeft(Promise.reject(new TypeError('Failed to fetch'))))).toBe('rejected');
  });
});
