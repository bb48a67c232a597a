import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEV_ONLY_MARKERS, findDevOnlyCode } from './dev-only';

describe('the production-build check for development-only code', () => {
  it('finds a marker in a shipped script or style, wherever it sits', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dev-only-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<div id="app"></div>');
    writeFileSync(join(dir, 'assets', 'shell.js'), 'const a=1;');
    writeFileSync(join(dir, 'assets', 'panel.css'), '.dev-inspector{position:fixed}');
    writeFileSync(join(dir, 'assets', 'vendor.js.map'), '"see https://stately.ai/inspect"');
    expect(findDevOnlyCode(dir)).toEqual([{ file: join(dir, 'assets', 'panel.css'), marker: 'dev-inspector' }]);
  });

  it('looks for markers that the development code really contains', () => {
    const panel = readFileSync('src/dev/inspection/InspectorPanel.tsx', 'utf8');
    const entry = readFileSync('src/dev/inspection/index.ts', 'utf8');
    const stately = readFileSync('node_modules/@statelyai/inspect/dist/index.mjs', 'utf8');
    expect(panel).toContain(DEV_ONLY_MARKERS[0]);
    expect(entry).toContain(DEV_ONLY_MARKERS[1]);
    expect(stately).toContain(DEV_ONLY_MARKERS[2]);
    expect(stately).toContain(DEV_ONLY_MARKERS[3]);
  });
});
