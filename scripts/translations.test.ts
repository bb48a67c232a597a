import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { englishWords, parsePo } from './po';

/**
 * Names and codes a Russian or Ukrainian text keeps as they are: the product, file formats, payment
 * networks, and the market's own words that Russian- and Ukrainian-language trading terminals show
 * untranslated (Bid, Ask, SL, TP), the names printed on keys (Enter, Escape), QR and PIN as
 * «QR-код» and «PIN-код» are written, and the authenticator apps by their product names.
 */
const KEPT = ['Traderoom', 'IPO', 'CSV', 'PDF', 'ZIP', 'JSON', 'PNG', 'JPEG', 'HTML', 'e-mail', 'E-mail', 'ID-', 'SEPA', 'Visa', 'Mastercard', 'Bid', 'Ask', 'SL', 'TP', 'Enter', 'Escape', 'QR', 'SVG', 'CPA', 'UTC', 'Telegram', 'PIN', 'Google Authenticator', 'Microsoft Authenticator', '1Password'];

const source = parsePo(readFileSync('locales/en/messages.po', 'utf8'));

describe.each(['ru', 'ua'])('the %s catalog', (locale) => {
  const catalog = parsePo(readFileSync(`locales/${locale}/messages.po`, 'utf8'));

  it('translates every message instead of repeating the English one', () => {
    const repeated = [...source.keys()].filter((id) => catalog.get(id) === id && englishWords(id, KEPT).length > 0);
    expect(repeated).toEqual([]);
  });

  it('holds no English word apart from names and codes', () => {
    const leaks = [...source.keys()]
      .map((id) => ({ id, words: englishWords(catalog.get(id) ?? '', KEPT) }))
      .filter(({ words }) => words.length > 0);
    expect(leaks).toEqual([]);
  });
});
