import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** File names are `<ISO time, colons dropped>-<random>.eml`: they sort by arrival and cannot be guessed. */
const FILE = /^[0-9TZ.-]+-[0-9a-f]{8}\.eml$/;

export async function writeToOutbox(dir: string, raw: Buffer | string, now = new Date()): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = `${now.toISOString().replaceAll(':', '')}-${randomBytes(4).toString('hex')}.eml`;
  await writeFile(join(dir, name), raw, { mode: 0o600 });
  return name;
}

/** The outbox's mail files, newest first; an outbox that does not exist yet is empty. */
export async function outboxFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => FILE.test(name)).sort().reverse();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** One file's raw message, or null for a name that is not an outbox mail. */
export async function readOutboxFile(dir: string, name: string): Promise<Buffer | null> {
  if (!FILE.test(name)) return null;
  try {
    return await readFile(join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
