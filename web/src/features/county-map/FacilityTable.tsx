import { useState } from 'react';
import type { FacilityListItem } from '@ust/schemas';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
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
      <DataTable
        rows={rows.map((facility) => ({ facility, cells: facilityCells(facility) }))}
        columns={facilityColumns(onOpenFacility)}
        rowKey={({ facility }) => facility.Facility_ID}
        rowAttributes={({ facility }) => ({ className: facility.is_generated ? 'is-generated' : undefined })}
        wrapperClassName="table-scroll"
        regionLabel={caption}
        caption={caption}
        captionHidden
      />
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

/** A facility with its cells formatted once. */
interface FacilityRow {
  facility: FacilityListItem;
  cells: string[];
}

function facilityColumns(onOpenFacility: (facility: FacilityListItem) => void): DataTableColumn<FacilityRow>[] {
  return FACILITY_COLUMNS.map((header, index) => ({
    key: header,
    header,
    cell: ({ facility, cells }) => (index === 0 ? <FacilityIdCell facility={facility} id={cells[0]} onOpen={onOpenFacility} /> : cells[index]),
  }));
}

/** The Facility ID opens the details dialog; a generated record says so beside it. */
function FacilityIdCell({ facility, id, onOpen }: { facility: FacilityListItem; id: string | undefined; onOpen: (facility: FacilityListItem) => void }) {
  return (
    <>
      <button type="button" className="map-link-button" onClick={() => onOpen(facility)} title="View facility details">
        {id}
      </button>
      {facility.is_generated && (
        <span className="demo-badge" title="Generated demo record, not EPA data">
          Demo
        </span>
      )}
    </>
  );
}
