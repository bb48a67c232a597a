/** Entries of a .po file as msgid → msgstr, joined across continuation lines. */
export function parsePo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let field: 'msgid' | 'msgstr' | null = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (id !== '') entries.set(id, str);
    id = '';
    str = '';
  };
  for (const line of text.split('\n')) {
    const start = /^(msgid|msgstr) "(.*)"$/.exec(line);
    if (start) {
      if (start[1] === 'msgid') flush();
      field = start[1] as 'msgid' | 'msgstr';
      if (field === 'msgid') id = start[2]!;
      else str = start[2]!;
      continue;
    }
    const more = /^"(.*)"$/.exec(line);
    if (more && field === 'msgid') id += more[1];
    else if (more && field === 'msgstr') str += more[1];
    else field = null;
  }
  flush();
  return entries;
}

/** ICU syntax inside a message: placeholders' names, plural and select keywords. */
const ICU = /\{\s*\w+\s*(,\s*(plural|select|selectordinal)\s*,)?|\b(zero|one|two|few|many|other|=\d+)\s*\{|<\/?\d+\/?>/g;

/**
 * Latin-script words left in a text once ICU syntax, tags and the `kept` names and codes are
 * taken out: in a Russian or Ukrainian text, each is English the reader was not meant to see.
 */
export function englishWords(text: string, kept: readonly string[]): string[] {
  let rest = text.replace(ICU, ' ');
  for (const name of [...kept].sort((a, b) => b.length - a.length)) rest = rest.replaceAll(name, ' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}
