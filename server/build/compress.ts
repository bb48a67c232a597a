import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files smaller than this are sent as they are: compression would not pay for itself. */
export const COMPRESS_MIN_BYTES = 1024;
/** Already compressed formats; compressing them again wastes CPU for nothing. */
const SKIP = /\.(br|gz|png|jpe?g|gif|webp|avif|ico|woff2?|zip|mp4|webm)$/i;

/**
 * Writes `<file>.br` and `<file>.gz` next to every file of `dir` larger than 1 KB, for
 * @fastify/static's `preCompressed` to serve. A sibling is kept only when it is smaller.
 * Returns how many files were compressed.
 */
export async function compressDir(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || SKIP.test(entry.name) || entry.name.startsWith('.')) continue;
    const file = join(entry.parentPath, entry.name);
    if ((await stat(file)).size <= COMPRESS_MIN_BYTES) continue;
    const data = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gz(data, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < data.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
    count += 1;
  }
  return count;
}
