/**
 * Fails when a message of the source has no translation in ru or ua. Runs `lingui extract --clean`
 * first, so a string added to the code without a translation is caught too.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parsePo } from './po';

const extract = spawnSync('npx', ['--no-install', 'lingui', 'extract', '--clean'], { encoding: 'utf8' });
if (extract.status !== 0) {
  console.error(extract.stdout, extract.stderr);
  process.exit(1);
}

const source = parsePo(readFileSync('locales/en/messages.po', 'utf8'));
let missing = 0;
for (const locale of ['ru', 'ua']) {
  const catalog = parsePo(readFileSync(`locales/${locale}/messages.po`, 'utf8'));
  for (const id of source.keys()) {
    if (!catalog.get(id)) {
      missing += 1;
      console.error(`${locale}: missing translation for "${id}"`);
    }
  }
}
if (missing > 0) {
  console.error(`\n${missing} missing translation(s). Add them to locales/{ru,ua}/messages.po.`);
  process.exit(1);
}
console.log(`${source.size} messages, translated in en, ru and ua.`);
