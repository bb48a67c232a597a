import type { ReactNode } from 'react';

/** One labelled figure; tone colours a gain or a loss. */
export interface Fact {
  label: string;
  value: ReactNode;
  tone?: string;
}

/** Facts about one object as a description list (strategy figures, a ticket's status and handler). Null entries are facts that do not apply. */
export function FactList({ facts, className }: { facts: ReadonlyArray<Fact | null>; className: string }) {
  return (
    <dl className={className}>
      {facts.map((fact) =>
        fact ? (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd className={fact.tone}>{fact.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
