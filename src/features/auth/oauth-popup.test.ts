import { afterEach, describe, expect, it, vi } from 'vitest';
import { PopupBlockedError, PopupClosedError, runOAuthPopup } from './oauth-popup';

/** A stand-in for the window `window.open` returns: what the app reads and writes on it. */
function fakePopup() {
  return { closed: false, location: { href: '' }, close: vi.fn() };
}

function post(data: unknown, { origin = window.location.origin, source }: { origin?: string; source: unknown }) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the OAuth popup', () => {
  it('opens blank at once, then goes to the address the server gives', async () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    let answer: (value: { url: string }) => void = () => {};
    const result = runOAuthPopup(() => new Promise((resolve) => (answer = resolve)));
    expect(open).toHaveBeenCalledWith('', 'traderoom-oauth', expect.stringContaining('popup'));
    expect(popup.location.href).toBe('');
    answer({ url: 'https://id.example/authorize?state=s' });
    await vi.waitFor(() => expect(popup.location.href).toBe('https://id.example/authorize?state=s'));
    post({ type: 'traderoom:oauth', token: 't', expires_in: 7200 }, { source: popup });
    await expect(result).resolves.toEqual({ type: 'traderoom:oauth', token: 't', expires_in: 7200 });
  });

  it('ignores messages from another origin, from another window, and of another shape', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const result = runOAuthPopup(async () => ({ url: 'https://id.example/' }));

    post({ type: 'traderoom:oauth', token: 'stolen', expires_in: 1 }, { origin: 'https://evil.example', source: popup });
    post({ type: 'traderoom:oauth', token: 'other', expires_in: 1 }, { source: window });
    post({ token: 'untyped' }, { source: popup });
    // Messages arrive in order: had one of those been taken, the result would be it, not this one.
    post({ type: 'traderoom:oauth', error: 'email_taken' }, { source: popup });
    await expect(result).resolves.toEqual({ type: 'traderoom:oauth', error: 'email_taken' });
  });

  it('reports a blocked popup, and a popup the person closed', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(runOAuthPopup(async () => ({ url: 'https://id.example/' }))).rejects.toBeInstanceOf(PopupBlockedError);

    vi.useFakeTimers();
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const result = runOAuthPopup(async () => ({ url: 'https://id.example/' }));
    const rejected = expect(result).rejects.toBeInstanceOf(PopupClosedError);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    await rejected;
  });

  it('closes the popup when the server refuses to start', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const failure = new Error('404');
    await expect(runOAuthPopup(() => Promise.reject(failure))).rejects.toBe(failure);
    expect(popup.close).toHaveBeenCalled();
  });
});
