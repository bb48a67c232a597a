/**
 * The leaderboard's small equity chart: an inline SVG path (no chart library for a card), drawn in
 * the colour of the period's result. Decorative: the card says the figures in words.
 */
export function Sparkline({ values, rising }: { values: readonly number[]; rising: boolean }) {
  const width = 120;
  const height = 36;
  if (values.length < 2) return <svg className="invest-spark" width={width} height={height} aria-hidden="true" focusable="false" />;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const x = (i: number) => (i / (values.length - 1)) * width;
  const y = (v: number) => height - 2 - ((v - min) / span) * (height - 4);
  const line = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)} ${y(v).toFixed(1)}`).join(' ');
  const area = `${line} L${width} ${height} L0 ${height} Z`;
  return (
    <svg className={`invest-spark ${rising ? 'invest-up' : 'invest-down'}`} width={width} height={height} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <path d={area} className="invest-spark-area" />
      <path d={line} className="invest-spark-line" />
    </svg>
  );
}
