/**
 * Proof that development-only code stayed out of a production build: no shipped file (scripts,
 * styles, HTML; source maps aside, which quote library comments) may contain these markers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEV_ONLY_MARKERS = [
  // The in-app inspector panel (src/dev/inspection): its class names and data attribute.
  'dev-inspector',
  'startInspection',
  // @statelyai/inspect's browser inspector.
  'createBrowserInspector',
  'stately.ai/inspect',
] as const;

const SHIPPED = /\.(js|mjs|css|html)$/;

export function findDevOnlyCode(dir: string): Array<{ file: string; marker: string }> {
  const found: Array<{ file: string; marker: string }> = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !SHIPPED.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    for (const marker of DEV_ONLY_MARKERS) if (text.includes(marker)) found.push({ file, marker });
  }
  return found;
}
