import { useId, type ReactNode } from 'react';
import './detail-section.css';

/** A titled section of a details dialog. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="detail-section" aria-labelledby={id}>
      <h3 id={id} className="detail-section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

export interface DetailField {
  label: string;
  value: ReactNode;
}

/** Label/value pairs in a responsive grid. */
export function FieldGrid({ fields }: { fields: DetailField[] }) {
  return (
    <dl className="field-grid">
      {fields.map(({ label, value }) => (
        <div key={label} className="field">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Data honesty: every record says whether it is a real file's row or a generated demo record. */
export function SourceLabel({ source, isGenerated, importId }: { source: string; isGenerated: boolean; importId?: string }) {
  if (isGenerated) return <span className="badge badge-generated">Generated demo record</span>;
  return (
    <span className="source-label">
      Source: <code>{source}</code>
      {importId && <span className="muted"> (import {importId})</span>}
    </span>
  );
}
