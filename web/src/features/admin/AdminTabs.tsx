import { useRef, type KeyboardEvent } from 'react';
import { ADMIN_TABS, type AdminTabId } from '../../admin-views';
import { tabForKey } from './admin-tabs';

export const tabId = (tab: AdminTabId) => `admin-tab-${tab}`;
export const ADMIN_TABPANEL_ID = 'admin-tabpanel';

/**
 * The ARIA tabs pattern with manual activation: arrows, Home and End move the focus, Enter or
 * Space (or a click) opens the tab. Each opening records an event and reloads four data sets,
 * so arrowing past a tab should not.
 */
export function AdminTabs({ selected, onSelect }: { selected: AdminTabId; onSelect: (tab: AdminTabId) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, current: AdminTabId) => {
    const next = tabForKey(current, event.key);
    if (!next) return;
    event.preventDefault();
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(next)}`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label="Admin console views" className="admin-tabs">
      {ADMIN_TABS.map((tab) => (
        <button
          key={tab.id}
          id={tabId(tab.id)}
          type="button"
          role="tab"
          className="admin-tab"
          aria-selected={tab.id === selected}
          aria-controls={ADMIN_TABPANEL_ID}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => onKeyDown(event, tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
