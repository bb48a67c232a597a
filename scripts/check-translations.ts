/**
 * Fails when a message of the source has no translation in another language of LOCALES. Runs `lingui extract --clean`
 * first, so a string added to the code without a translation is caught too.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, LOCALES } from '../contract/locales';
import { parsePo } from './po';

const extract = spawnSync('npx', ['--no-install', 'lingui', 'extract', '--clean'], { encoding: 'utf8' });
if (extract.status !== 0) {
  console.error(extract.stdout, extract.stderr);
  process.exit(1);
}

const source = parsePo(readFileSync(`locales/${DEFAULT_LOCALE}/messages.po`, 'utf8'));
const translated = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);
let missing = 0;
for (const locale of translated) {
  const catalog = parsePo(readFileSync(`locales/${locale}/messages.po`, 'utf8'));
  for (const id of source.keys()) {
    if (!catalog.get(id)) {
      missing += 1;
      console.error(`${locale}: missing translation for "${id}"`);
    }
  }
}
if (missing > 0) {
  console.error(`\n${missing} missing translation(s). Add them to locales/{${translated.join(',')}}/messages.po.`);
  process.exit(1);
}
console.log(`${source.size} messages, translated in ${LOCALES.join(', ')}.`);
