import { useId, type ReactNode } from 'react';

/** One titled card of a settings screen. */
export function SettingsSection({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-body">
        <header className="section-header">
          <h2 id={id} className="section-title">
            {title}
          </h2>
          {lead ? <p className="section-lead">{lead}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}
