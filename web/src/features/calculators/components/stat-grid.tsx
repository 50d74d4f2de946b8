/** A grid of labelled figures (system details of the calculators). */
export function StatGrid({ items }: { items: ReadonlyArray<readonly [string, string | number]> }) {
  return (
    <dl className="stat-grid">
      {items.map(([label, value]) => (
        <div key={label} className="stat">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
