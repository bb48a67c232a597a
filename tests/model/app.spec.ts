import { expect, test } from '@playwright/test';
import { machineCoverage } from '../../machines/testing/coverage';
import { formatEvent } from '../../machines/testing/model';
import { generatePaths } from '../../machines/testing/paths';
import { appModel, viewOf, type AppContext, type AppEvent } from './app.model';
import { drive, expectView } from './drivers';

/**
 * The app model's shortest paths (one per state, one per transition), each run through the
 * real UI against the real server: every step is a driver, and after every step the page must
 * show what the model's state says.
 */
const { paths } = generatePaths(appModel, 'shortest');

test('the app model: its shortest paths reach every state and transition', () => {
  const coverage = machineCoverage(appModel.machine, paths);
  expect(coverage.states.missing).toEqual([]);
  expect(coverage.transitions.missing).toEqual([]);
});

for (const [index, path] of paths.entries()) {
  const steps = path.steps.slice(1);
  const title = steps.length > 0 ? steps.map((step) => formatEvent(step.event)).join(' → ') : 'a visitor arrives';
  test(`app model path ${index + 1}: ${title}`, async ({ page }) => {
    await page.goto('/');
    let state = path.steps[0]!.state;
    await expectView(page, viewOf(state), state.context as AppContext);
    for (const [number, step] of steps.entries()) {
      await test.step(`${number + 1}. ${formatEvent(step.event)} → ${viewOf(step.state)}`, async () => {
        await drive(page, step.event as AppEvent, state.context as AppContext);
        await expectView(page, viewOf(step.state), step.state.context as AppContext);
      });
      state = step.state;
    }
  });
}
