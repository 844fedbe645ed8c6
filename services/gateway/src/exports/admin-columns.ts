/** The columns of the admin lists' exports: what the System Logs and User Activities tabs show, and each row's id. */
import type { AdminActivity, AdminLogEntry } from '@ust/schemas';
import type { CsvColumn } from './csv-writer.js';

const column = <Row>(header: string, cell: (row: Row) => unknown): CsvColumn<Row> => ({ header, cell });

export const LOG_COLUMNS: ReadonlyArray<CsvColumn<AdminLogEntry>> = [
  column('Timestamp', (row) => row.timestamp),
  column('Level', (row) => row.level),
  column('Category', (row) => row.category),
  column('Message', (row) => row.message),
  column('User', (row) => row.user_id),
  column('Duration (ms)', (row) => row.duration_ms),
  column('Status Code', (row) => row.status_code),
  column('Method', (row) => row.method),
  column('Endpoint', (row) => row.endpoint),
  column('ID', (row) => row.id),
];

export const ACTIVITY_COLUMNS: ReadonlyArray<CsvColumn<AdminActivity>> = [
  column('Timestamp', (row) => row.timestamp),
  column('User', (row) => row.auth0_user_id),
  column('Email', (row) => row.email),
  column('Activity', (row) => row.activity_type),
  column('Role', (row) => row.user_role),
  column('Facility ID', (row) => row.facility_id),
  column('Release ID', (row) => row.release_id),
  column('Latitude', (row) => row.location_lat),
  column('Longitude', (row) => row.location_lon),
  column('Page', (row) => row.page),
  column('Session', (row) => row.session_id),
  column('ID', (row) => row.id),
];
