import { ADMIN_PANEL_ID, ADMIN_TOOLS, type AdminView } from './admin-tools';

export function AdminToolsCard({ onOpen }: { onOpen: (view: AdminView) => void }) {
  return (
    <section className="card dashboard-card" aria-labelledby="admin-tools-title">
      <h2 id="admin-tools-title">Admin Tools</h2>
      <div className="action-list">
        {ADMIN_TOOLS.map((tool) => (
          <button
            key={tool.view}
            type="button"
            className="button button-secondary"
            aria-controls={ADMIN_PANEL_ID}
            title={`Opens ${tool.opens}`}
            onClick={() => onOpen(tool.view)}
          >
            {tool.label}
          </button>
        ))}
      </div>
    </section>
  );
}
