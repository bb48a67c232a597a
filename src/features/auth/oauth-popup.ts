import type { PopupOutcome } from '../../../machines/oauth/oauth.machine';
import { OAUTH_MESSAGE_TYPE, type OAuthPopupMessage } from '../../../contract/oauth';

export class PopupBlockedError extends Error {
  override name = 'PopupBlockedError';
}

export class PopupClosedError extends Error {
  override name = 'PopupClosedError';
}

const POPUP_FEATURES = 'popup,width=520,height=720';
/** How often the app looks whether the person closed the popup themselves. */
const CLOSED_CHECK_MS = 400;

function isPopupMessage(data: unknown): data is OAuthPopupMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OAUTH_MESSAGE_TYPE;
}

/**
 * The OAuth popup: opened blank in the click itself (so popup blockers let it through), sent to the
 * provider's address once `start` answers it, and settled by the message the callback page posts.
 * Only a message from this app's own origin and from that very popup counts.
 */
export function runOAuthPopup(start: () => Promise<{ url: string }>): Promise<OAuthPopupMessage> {
  const popup = window.open('', 'traderoom-oauth', POPUP_FEATURES);
  if (!popup) return Promise.reject(new PopupBlockedError());

  return new Promise<OAuthPopupMessage>((resolve, reject) => {
    let seenClosed = false;
    const stop = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(timer);
    };
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || event.source !== popup || !isPopupMessage(event.data)) return;
      stop();
      resolve(event.data);
    }
    window.addEventListener('message', onMessage);
    // Closed twice in a row: the callback's message, posted just before it closes, has had its turn.
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      if (seenClosed) {
        stop();
        reject(new PopupClosedError());
      }
      seenClosed = true;
    }, CLOSED_CHECK_MS);

    start().then(
      ({ url }) => {
        if (!popup.closed) popup.location.href = url;
      },
      (error: unknown) => {
        stop();
        popup.close();
        reject(error);
      },
    );
  });
}

/** The popup's end as the OAuth machine reads it; only a failure to start is thrown. */
export async function popupOutcome(start: () => Promise<{ url: string }>): Promise<PopupOutcome> {
  try {
    const message = await runOAuthPopup(start);
    if ('token' in message) return { kind: 'token', token: message.token, expiresIn: message.expires_in };
    if ('linked' in message) return { kind: 'linked', provider: message.linked };
    return { kind: 'refused', error: message.error };
  } catch (error) {
    if (error instanceof PopupBlockedError) return { kind: 'blocked' };
    if (error instanceof PopupClosedError) return { kind: 'closed' };
    throw error;
  }
}
