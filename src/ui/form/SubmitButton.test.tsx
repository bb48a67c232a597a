import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './SubmitButton';

/**
 * A prerendered form taken over by React, as on the sign-in page: the server's HTML (button
 * disabled), the page's start script after it, then hydration.
 */
function SignInForm({ onSubmit }: { onSubmit: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <input name="email" aria-label="E-mail" />
      <SubmitButton busy={false}>Sign in</SubmitButton>
    </form>
  );
}

let root: Root | null = null;

async function hydrate(note: { submit?: string } = {}) {
  const onSubmit = vi.fn();
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SignInForm onSubmit={onSubmit} />);
  const script = document.createElement('script');
  script.dataset.entry = '/assets/index.js';
  if (note.submit !== undefined) script.dataset.submit = note.submit;
  document.body.append(container, script);
  const button = container.querySelector('button')!;
  const before = button.disabled;
  await act(async () => {
    root = hydrateRoot(container, <SignInForm onSubmit={onSubmit} />);
  });
  return { onSubmit, script, button, before };
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('SubmitButton on a prerendered form', () => {
  it('is disabled in the server’s HTML and enabled once hydrated, submitting nothing by itself', async () => {
    const { onSubmit, script, button, before } = await hydrate();
    expect(before).toBe(true);
    expect(button.disabled).toBe(false);
    expect(onSubmit).not.toHaveBeenCalled();
    // From now on the browser submits on Enter itself: the start script notes nothing more.
    expect(script.dataset.taken).toBe('');
  });

  it('submits its form once, when Enter was pressed in it before the app took it over', async () => {
    const { onSubmit, script } = await hydrate({ submit: '0' });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(script.dataset.submit).toBeUndefined();
  });

  it('leaves a note about another form alone', async () => {
    const { onSubmit, script } = await hydrate({ submit: '1' });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(script.dataset.submit).toBe('1');
  });
});
