import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { ActorRecord, RecordedEvent, Recorder } from './recorder';
import './inspector.css';

/**
 * The development inspector: every long-lived actor with its current state, its context and its
 * recent events. A non-modal dialog, so the app stays usable while it is open; English only, as
 * a tool for developers (see docs/adr/0072-inspector-english-only.md).
 */

export const INSPECTOR_SHORTCUT = 'Ctrl+Alt+I';

export function isInspectorShortcut(event: KeyboardEvent): boolean {
  return event.ctrlKey && event.altKey && !event.metaKey && event.code === 'KeyI';
}

export function InspectorPanel({ recorder }: { recorder: Recorder }) {
  const [open, setOpen] = useState(false);
  const isOpen = useRef(false);
  const returnFocus = useRef<HTMLElement | null>(null);

  const show = (next: boolean) => {
    if (next === isOpen.current) return;
    isOpen.current = next;
    if (next) returnFocus.current = document.activeElement as HTMLElement | null;
    setOpen(next);
    if (!next) returnFocus.current?.focus();
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isInspectorShortcut(event)) return;
      event.preventDefault();
      show(!isOpen.current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => show(false);

  return open ? <InspectorDialog recorder={recorder} onClose={close} /> : null;
}

function InspectorDialog({ recorder, onClose }: { recorder: Recorder; onClose: () => void }) {
  const actors = useSyncExternalStore(recorder.subscribe, recorder.list, recorder.list);
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.show();
    closeRef.current?.focus();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className="dev-inspector"
      aria-labelledby="dev-inspector-title"
      aria-describedby="dev-inspector-hint"
      data-dev-inspector=""
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className="dev-inspector-header">
        <div>
          <h2 id="dev-inspector-title">State inspector</h2>
          <p id="dev-inspector-hint" className="dev-inspector-hint">
            Development builds only. {INSPECTOR_SHORTCUT} or Escape closes it.
          </p>
        </div>
        <button ref={closeRef} type="button" className="btn btn-secondary dev-inspector-close" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="dev-inspector-body">
        {actors.length === 0 ? <p className="dev-inspector-hint">No actor has reported yet.</p> : null}
        {actors.map((actor) => (
          <ActorSection key={actor.name} actor={actor} />
        ))}
      </div>
    </dialog>
  );
}

function stateLabel(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, child]) => `${key}.${stateLabel(child)}`)
      .join(' + ');
  }
  return String(value);
}

function ActorSection({ actor }: { actor: ActorRecord }) {
  const headingId = useId();
  return (
    <section className="dev-inspector-actor" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {actor.name}
        <span className={`dev-inspector-status dev-inspector-status-${actor.status}`}>{actor.status}</span>
      </h3>
      <dl className="dev-inspector-facts">
        <dt>State</dt>
        <dd>
          <code>{stateLabel(actor.value)}</code>
        </dd>
        <dt>Tags</dt>
        <dd>{actor.tags.length ? actor.tags.map((tag) => <code key={tag}>{tag}</code>) : 'none'}</dd>
      </dl>
      <details>
        <summary>Context</summary>
        <Json value={actor.context} />
      </details>
      <details>
        <summary>
          Recent events <span className="dev-inspector-count">({actor.events.length})</span>
        </summary>
        {actor.events.length === 0 ? (
          <p className="dev-inspector-hint">None yet.</p>
        ) : (
          <ol className="dev-inspector-events" reversed>
            {actor.events.map((event) => (
              <EventItem key={event.seq} event={event} />
            ))}
          </ol>
        )}
      </details>
    </section>
  );
}

const time = (date: Date) =>
  `${date.toLocaleTimeString('en-GB', { hour12: false })}.${String(date.getMilliseconds()).padStart(3, '0')}`;

function EventItem({ event }: { event: RecordedEvent }) {
  const { type, ...payload } = event.event;
  const hasPayload = Object.keys(payload).length > 0;
  return (
    <li>
      <time dateTime={event.at.toISOString()}>{time(event.at)}</time> <code>{type}</code>{' '}
      <span className="dev-inspector-source">from {event.source}</span>
      {hasPayload ? <Json value={payload} /> : null}
    </li>
  );
}

/** Long JSON scrolls inside its box, so the box takes focus for keyboard scrolling. */
function Json({ value }: { value: unknown }) {
  return (
    <pre className="dev-inspector-json" tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
