import type { FastifyReply } from 'fastify';
import { intlLocale, type Locale } from '../../contract/locales.ts';
import { OAUTH_MESSAGE_TYPE, type OAuthPopupMessage } from '../../contract/oauth.ts';
import { t } from '../i18n/index.ts';
import type { OAuthOutcome } from '../services/oauth.ts';

/**
 * The popup's script, served as a file so the CSP keeps `script-src 'self'` with no inline
 * script. It posts the page's message to the opener on the app's origin only (never `*`),
 * then closes the popup. Without an opener (the link was opened some other way) it does nothing
 * but close: the token is never shown or stored anywhere else.
 */
export const POPUP_SCRIPT = `(function () {
  var body = document.body;
  var message = JSON.parse(body.getAttribute('data-message'));
  var origin = body.getAttribute('data-origin');
  if (window.opener && origin) window.opener.postMessage(message, origin);
  window.close();
})();
`;

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#39;');

export function popupMessage(outcome: OAuthOutcome): OAuthPopupMessage {
  switch (outcome.kind) {
    case 'signed-in':
      return { type: OAUTH_MESSAGE_TYPE, token: outcome.token, expires_in: outcome.expiresIn };
    case 'linked':
      return { type: OAUTH_MESSAGE_TYPE, linked: outcome.provider };
    case 'failed':
      return { type: OAUTH_MESSAGE_TYPE, error: outcome.error };
  }
}

/** The callback's answer: a small page that hands the outcome to the app's window and closes. */
export function sendPopup(reply: FastifyReply, { outcome, locale, appOrigin }: { outcome: OAuthOutcome; locale: Locale; appOrigin: string }) {
  const status = outcome.kind !== 'failed' ? 200 : outcome.error === 'provider_unavailable' ? 404 : 400;
  const html = `<!doctype html>
<html lang="${intlLocale(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t(locale, 'oauth.popup_title'))}</title>
<script src="/api/oauth/popup.js" defer></script>
</head>
<body data-origin="${escapeHtml(appOrigin)}" data-message="${escapeHtml(JSON.stringify(popupMessage(outcome)))}" style="font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 90vh; color: #0f1b2d;">
<p>${escapeHtml(t(locale, 'oauth.popup_text'))}</p>
</body>
</html>
`;
  return (
    reply
      .code(status)
      // The popup went through the provider's origin: a stricter opener policy here would cut it off from the app's window.
      .header('cross-origin-opener-policy', 'unsafe-none')
      // The address carries the provider's code: never send it on.
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}
