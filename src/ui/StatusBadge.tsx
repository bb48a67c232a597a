import './styles/status-badge.css';

export type BadgeTone = 'neutral' | 'pending' | 'success' | 'danger';

/** A short status word in a coloured pill; the word itself carries the meaning, never the colour alone. */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: string }) {
  return <span className={`status-badge status-badge-${tone}`}>{children}</span>;
}
