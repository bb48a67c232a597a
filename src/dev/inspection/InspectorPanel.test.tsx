import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { themeMachine } from '../../../machines/theme/theme.machine';
import { InspectorPanel } from './InspectorPanel';
import { createRecorder } from './recorder';

const shortcut = () => fireEvent.keyDown(window, { key: 'i', code: 'KeyI', ctrlKey: true, altKey: true });

afterEach(() => document.body.replaceChildren());

function setUp() {
  const recorder = createRecorder();
  const theme = createActor(themeMachine, { input: { cookieTheme: undefined }, inspect: recorder.observe('theme') }).start();
  const trigger = document.createElement('button');
  trigger.textContent = 'somewhere in the app';
  document.body.append(trigger);
  trigger.focus();
  render(<InspectorPanel recorder={recorder} />);
  return { theme, trigger };
}

describe('the inspector panel', () => {
  it('stays closed until Ctrl+Alt+I, then shows every actor as a labelled dialog', () => {
    const { theme } = setUp();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(window, { key: 'i', code: 'KeyI', ctrlKey: true, shiftKey: true });
    expect(screen.queryByRole('dialog')).toBeNull();

    shortcut();
    const dialog = screen.getByRole('dialog', { name: 'State inspector' });
    expect(dialog).toHaveProperty('open', true);
    const section = within(dialog).getByRole('region', { name: /theme/ });
    expect(section.textContent).toContain('light');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));

    act(() => theme.send({ type: 'theme.toggle' }));
    expect(section.textContent).toContain('dark');
    expect(section.textContent).toContain('theme.toggle');
    expect(section.textContent).toContain('Recent events (2)');
  });

  it('closes on Escape, on the shortcut and on Close, and gives the focus back', () => {
    const { trigger } = setUp();
    shortcut();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    shortcut();
    shortcut();
    expect(screen.queryByRole('dialog')).toBeNull();

    shortcut();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });
});

describe('the switch for Stately’s inspector', () => {
  it('is ?inspect in the address or VITE_INSPECT=1', async () => {
    const { wantsStatelyInspector } = await import('./index');
    expect(wantsStatelyInspector('?inspect', undefined)).toBe(true);
    expect(wantsStatelyInspector('?lang=en&inspect=1', undefined)).toBe(true);
    expect(wantsStatelyInspector('', '1')).toBe(true);
    expect(wantsStatelyInspector('?inspector', '0')).toBe(false);
  });
});
