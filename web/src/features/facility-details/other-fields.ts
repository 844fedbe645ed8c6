/** How the facility dialog shows the record's other fields, whose keys and values it does not know in advance. */
import { formatCount, formatYesNo, NOT_AVAILABLE } from '../../components/format';

/** 'Within_100yr_Floodplain' -> 'Within 100yr Floodplain': other_fields keys shown generically. */
export function fieldLabel(key: string): string {
  return key
    .split('_')
    .filter(Boolean)
    .map((word) => (word === word.toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ');
}

/** Any field value of the generic lists: Yes/No, thousands separators, 'N/A' for missing. */
export function formatFieldValue(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return NOT_AVAILABLE;
  if (typeof value === 'boolean') return formatYesNo(value);
  if (typeof value === 'number') return Number.isInteger(value) ? formatCount(value) : String(value);
  return value;
}
