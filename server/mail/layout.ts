import { intlLocale, type Locale } from '../../contract/locales.ts';
import type { MailContent, MailCopy } from './copy/types.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const paragraph = (text: string, style = '') =>
  `<p style="margin:0 0 16px;${style}">${escapeHtml(text).replaceAll('\n', '<br>')}</p>`;

/**
 * The one frame of every mail: a brand bar, a white panel with the text and one button,
 * the address written out, a muted footer. No tables and no images: plain blocks with inline
 * styles, which every client renders and every screen reader reads in order.
 */
export function renderHtml(locale: Locale, content: MailContent, copy: MailCopy, recipient: string): string {
  const { action } = content;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0b3d91;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:6px">${escapeHtml(action.label)}</a></p>` +
      paragraph(copy.layout.fallback, 'font-size:13px;color:#475467') +
      `<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(action.url)}" style="color:#0b3d91">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="${intlLocale(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f2f4f7;color:#101828;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.6">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<div style="background:#0b3d91;color:#ffffff;padding:16px 24px;border-radius:8px 8px 0 0;font-size:18px;font-weight:700;letter-spacing:0.02em">Traderoom</div>
<main style="background:#ffffff;padding:32px 24px;border:1px solid #e4e7ec;border-top:0;border-radius:0 0 8px 8px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3">${escapeHtml(content.subject)}</h1>
${paragraph(content.greeting)}
${content.paragraphs.map((p) => paragraph(p)).join('\n')}
${button}
${content.notes.map((p) => paragraph(p, 'color:#475467')).join('\n')}
${paragraph(copy.layout.signature)}
</main>
<p style="margin:16px 8px 0;font-size:12px;color:#667085">${escapeHtml(copy.layout.footer({ email: recipient }))}</p>
</div>
</body>
</html>
`;
}

/** The same mail as plain text, for clients and people who prefer it. */
export function renderText(content: MailContent, copy: MailCopy, recipient: string): string {
  const lines = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.action) lines.push(`${content.action.label}:`, content.action.url, '');
  lines.push(...content.notes.flatMap((p) => [p, '']), copy.layout.signature, '', '--', copy.layout.footer({ email: recipient }), '');
  return lines.join('\n');
}
