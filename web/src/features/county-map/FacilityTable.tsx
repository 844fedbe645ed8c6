import { useState } from 'react';
import type { FacilityListItem } from '@ust/schemas';
import { FACILITY_COLUMNS, facilityCells } from './region-format';

/** Rows per page: a county can hold thousands of facilities. */
export const FACILITY_PAGE_SIZE = 100;

/** The map panel's facility table (docs/product.md section 2), paged, generated records marked. */
interface FacilityTableProps {
  facilities: FacilityListItem[];
  caption: string;
  /** The Facility ID opens the facility details dialog. */
  onOpenFacility: (facility: FacilityListItem) => void;
}

export function FacilityTable({ facilities, caption, onOpenFacility }: FacilityTableProps) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(facilities.length / FACILITY_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const rows = facilities.slice(current * FACILITY_PAGE_SIZE, (current + 1) * FACILITY_PAGE_SIZE);
  return (
    <div className="map-facility-table">
      <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {FACILITY_COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((facility) => (
              <tr key={facility.Facility_ID} className={facility.is_generated ? 'is-generated' : undefined}>
                {facilityCells(facility).map((cell, index) => (
                  <td key={FACILITY_COLUMNS[index]}>
                    {index === 0 ? (
                      <button type="button" className="map-link-button" onClick={() => onOpenFacility(facility)} title="View facility details">
                        {cell}
                      </button>
                    ) : (
                      cell
                    )}
                    {index === 0 && facility.is_generated && (
                      <span className="demo-badge" title="Generated demo record, not EPA data">
                        Demo
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="map-table-pager" aria-label="Facility pages">
          <button type="button" className="button button-secondary" onClick={() => setPage(current - 1)} disabled={current === 0}>
            Previous
          </button>
          <span>
            Page {current + 1} of {pages}
          </span>
          <button type="button" className="button button-secondary" onClick={() => setPage(current + 1)} disabled={current >= pages - 1}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
