/**
 * ZIP codes -> 5 digits. Spreadsheets stored ZIPs as numbers, so New England ZIPs lost their
 * leading zero (`6355` = 06355) and ZIP+4 codes lost their dash (`525560000` = 52556-0000);
 * Iowa also writes `51040-` with an empty +4 part.
 */
export type ZipResult = { kind: 'zip'; value: string } | { kind: 'blank' } | { kind: 'invalid' };

export function normaliseZip(value: string | undefined): ZipResult {
  const text = (value ?? '').trim().replace(/\.0+$/, '');
  if (text === '' || /^(unknown|n\/a|na|null)$/i.test(text)) return { kind: 'blank' };
  let match = /^(\d{3,5})(?:-\d{0,4})?$/.exec(text);
  if (match) return zip(match[1]!.padStart(5, '0'));
  // Nine digits: ZIP+4 without its dash; eight: the same with the leading zero lost.
  match = /^(\d{8,9})$/.exec(text);
  if (match) return zip(match[1]!.padStart(9, '0').slice(0, 5));
  return { kind: 'invalid' };
}

function zip(five: string): ZipResult {
  // 00000 is a filler, not a ZIP (the lowest real ZIP is 00501).
  return five === '00000' ? { kind: 'invalid' } : { kind: 'zip', value: five };
}
