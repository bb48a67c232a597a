/**
 * Writes .br and .gz siblings of every file over 1 KB in the built app, for the server
 * to send precompressed. Run after `vite build`: `tsx scripts/compress-dist.ts [dir]`
 * (default: STATIC_DIR or dist).
 */
import { resolve } from 'node:path';
import { compressDir } from '../server/build/compress.ts';

const dir = resolve(process.argv[2] ?? process.env.STATIC_DIR ?? 'dist');
const count = await compressDir(dir);
console.log(`Precompressed ${count} files in ${dir}`);
