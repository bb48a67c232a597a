import type { InspectionEvent, MachineContext, Observer } from 'xstate';
import { createRoot } from 'react-dom/client';
import { createElement } from 'react';
import { InspectorPanel } from './InspectorPanel';
import { createRecorder } from './recorder';
import { redact } from './redact';

/**
 * Development-only inspection, loaded by `src/main.tsx` behind `import.meta.env.DEV` (so a
 * production build never contains it). Always: the in-app panel (Ctrl+Alt+I). With `?inspect`
 * in the address or `VITE_INSPECT=1`: also Stately's browser inspector, a web service.
 */
export interface Inspection {
  /** The `inspect` option for the long-lived actor called `name`. */
  inspect(name: string): Observer<InspectionEvent>;
}

export function wantsStatelyInspector(search: string, env: string | undefined): boolean {
  return new URLSearchParams(search).has('inspect') || env === '1';
}

export async function startInspection(): Promise<Inspection> {
  const recorder = createRecorder();
  let stately: Observer<InspectionEvent> | undefined;
  if (wantsStatelyInspector(window.location.search, import.meta.env.VITE_INSPECT)) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    // Tokens and passwords stay in the app: the inspector is someone else's web page.
    stately = createBrowserInspector({
      sanitizeContext: (context) => redact(context) as MachineContext,
      sanitizeEvent: (event) => redact(event) as typeof event,
    }).inspect;
  }

  const host = document.createElement('div');
  host.id = 'dev-inspector-root';
  document.body.append(host);
  createRoot(host).render(createElement(InspectorPanel, { recorder }));

  return {
    inspect(name) {
      const local = recorder.observe(name);
      return {
        next(event) {
          local.next?.(event);
          stately?.next?.(event);
        },
      };
    },
  };
}
