/**
 * Whether the page is being left (a reload, another address, the tab closing). The browser then
 * ends the page's requests, and a request it ends has not been answered: the session must not
 * read it as its user failing to load and forget the token (seed: "failure clears token and
 * cookie"), or a visitor who reloads while the app still asks who they are is signed out.
 * `pagehide` comes before the browser ends the page's requests; `pageshow` undoes it for a page
 * the browser keeps and shows again (back and forward).
 */
let leaving = false;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/** The promise, except that a failure while the page is being left never settles: nothing on the page may act on it. */
export function unlessPageLeft<T>(promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => (leaving ? new Promise<T>(() => {}) : Promise.reject(error)));
}
