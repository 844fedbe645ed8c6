import type { ReactNode } from 'react';

/** A screen's frame: its title (the spec's, where it names one), an optional lead line, its content. */
export function Page({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">{title}</h1>
        {lead && <p className="page-lead">{lead}</p>}
      </header>
      {children}
    </section>
  );
}
