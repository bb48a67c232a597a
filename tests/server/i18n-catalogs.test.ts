import { describe, expect, it } from 'vitest';
import { en as enMail } from '../../server/mail/copy/en.ts';
import { ru as ruMail } from '../../server/mail/copy/ru.ts';
import { ua as uaMail } from '../../server/mail/copy/ua.ts';
import type { MailContent, MailCopy } from '../../server/mail/copy/types.ts';
import { en } from '../../server/i18n/en.ts';
import { ru } from '../../server/i18n/ru.ts';
import type { Catalog, MessageKey, MessageParams } from '../../server/i18n/types.ts';
import { ua } from '../../server/i18n/ua.ts';
import { englishWords } from '../../scripts/po.ts';

/** Names and codes that stay as they are in every language. */
const KEPT = ['Traderoom', 'IPO', 'JSON', 'Content-Type', 'application/json', 'PNG', 'JPEG', 'PDF', 'true', 'false', 'UTC', 'e-mail'];
const SAMPLE: MessageParams = { attribute: '', min: 8, max: 255, count: 2, value: '', id: 1, title: '', low: '', high: '', step: '' };

function texts(catalog: Catalog): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(catalog.messages) as MessageKey[]) out[key] = catalog.messages[key](SAMPLE);
  for (const [field, name] of Object.entries(catalog.attributes)) out[`attribute ${field}`] = name;
  return out;
}

function mailTexts(copy: MailCopy): Record<string, string> {
  const link = { name: '', url: '', minutes: 60 };
  const flat = (content: MailContent) => [content.subject, content.greeting, ...content.paragraphs, content.action?.label ?? '', ...content.notes].join('\n');
  return {
    fallback: copy.layout.fallback,
    signature: copy.layout.signature,
    footer: copy.layout.footer({ email: '' }),
    verifyEmail: flat(copy.verifyEmail(link)),
    confirmNewEmail: flat(copy.confirmNewEmail({ ...link, email: '' })),
    resetPassword: flat(copy.resetPassword(link)),
    passwordChanged: flat(copy.passwordChanged({ name: '', url: '', when: '' })),
  };
}

describe.each([
  { language: 'ru', messages: texts(ru), mails: mailTexts(ruMail) },
  { language: 'ua', messages: texts(ua), mails: mailTexts(uaMail) },
])('the server in $language', ({ messages, mails }) => {
  const english = { messages: texts(en), mails: mailTexts(enMail) };

  it('says every message and field name in its own words, never the English text', () => {
    const same = Object.keys(english.messages).filter((key) => messages[key] === english.messages[key]);
    expect(same).toEqual([]);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english.messages).sort());
  });

  it('writes no English word into a message, a field name or a mail, apart from names and codes', () => {
    const leaks = Object.entries({ ...messages, ...mails })
      .map(([key, text]) => [key, englishWords(text, KEPT)] as const)
      .filter(([, words]) => words.length > 0);
    expect(leaks).toEqual([]);
  });
});
