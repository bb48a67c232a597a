import { type ParsedMail, simpleParser } from 'mailparser';

/** A received mail, parsed, with what the tests look at. */
export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The `lang` of the HTML body. */
  lang: string | null;
  /** Every link of the HTML body, in order. */
  links: string[];
}

export async function parseMail(raw: Buffer | string): Promise<ReceivedMail> {
  const mail: ParsedMail = await simpleParser(raw);
  const html = typeof mail.html === 'string' ? mail.html : '';
  const text = (value: ParsedMail['to']) => (Array.isArray(value) ? value.map((v) => v.text).join(', ') : (value?.text ?? ''));
  return {
    to: text(mail.to),
    from: mail.from?.text ?? '',
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html,
    lang: /<html lang="([^"]+)"/.exec(html)?.[1] ?? null,
    links: [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&#38;', '&')),
  };
}

/** The first link of a mail that points at `pathPart` (e.g. `/email/verify/`). */
export function linkTo(mail: ReceivedMail, pathPart: string): URL {
  const href = mail.links.find((link) => link.includes(pathPart));
  if (!href) throw new Error(`no link to ${pathPart} in "${mail.subject}": ${mail.links.join(' ')}`);
  return new URL(href);
}
