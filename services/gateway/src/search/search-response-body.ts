/**
 * The body of POST /api/search-address as bytes: the found items' JSON is copied from the index
 * as stored, with `distance_miles` appended, around the parts the route adds. The items are the
 * index's JSON of their schema types (SearchFacilityItem and SearchReleaseItem, written by the
 * workers), so the body is what the SearchResponse schema describes: the schema serializer would
 * parse nothing but check every nullable field against both of its types (anyOf), which cost
 * more than the search itself, and a string body would be decoded and encoded again.
 */
import { roundMiles, type FoundItem, type NearPointResult } from '@ust/read-model';
import { PRICING_DISCLAIMER, type GeocodeResult } from '@ust/schemas';

const DISTANCE = Buffer.from(',"distance_miles":', 'latin1');

/**
 * Miles as JSON.stringify writes roundMiles(miles) (hundredths, no trailing zero), from whole
 * hundredths: no number-to-string conversion of a fraction.
 */
export function milesText(miles: number): string {
  const hundredths = Math.round(miles * 100);
  if (!Number.isSafeInteger(hundredths) || hundredths < 0) return String(roundMiles(miles));
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  if (fraction === 0) return String(whole);
  return fraction % 10 === 0 ? `${whole}.${fraction / 10}` : `${whole}.${fraction < 10 ? '0' : ''}${fraction}`;
}

export function searchResponseBody(found: NearPointResult, geocoding: GeocodeResult, version: number): Buffer {
  const release = found.closest_release;
  const head = '{"facilities":[';
  const middle = `],"geocoding":${JSON.stringify(geocoding)},"total_found":${found.total_found},"closest_release":`;
  const tail = `,"dataset_version":${version},"pricing_note":${JSON.stringify(PRICING_DISCLAIMER)}}`;
  const items: Array<FoundItem<unknown>> = release ? [...found.facilities, release] : found.facilities;
  // An item's bytes without its closing brace, then `,"distance_miles":` and the miles and `}`.
  const miles = items.map((item) => milesText(item.distanceMiles));
  let length = head.length + Buffer.byteLength(middle) + Buffer.byteLength(tail) + (release ? 0 : 4) + Math.max(0, found.facilities.length - 1);
  items.forEach((item, index) => (length += item.end - 1 - item.start + DISTANCE.length + miles[index]!.length + 1));
  const body = Buffer.allocUnsafe(length);
  let at = body.write(head, 0, 'latin1');
  for (let index = 0; index < found.facilities.length; index++) {
    if (index > 0) at += body.write(',', at, 'latin1');
    at = copyItem(body, at, items[index]!, miles[index]!);
  }
  at += body.write(middle, at, 'utf8');
  if (release) at = copyItem(body, at, release, miles[items.length - 1]!);
  else at += body.write('null', at, 'latin1');
  at += body.write(tail, at, 'utf8');
  if (at !== length) throw new Error(`search response body is ${at} bytes, not ${length}`);
  return body;
}

/**
 * Writes an item's JSON at `at` with `,"distance_miles":` and its miles before the closing brace;
 * returns where the next write starts. A module function rather than a closure in
 * searchResponseBody: no function object per response (nor, under tsx, a `name` defined on it).
 */
function copyItem(body: Buffer, at: number, item: FoundItem<unknown>, miles: string): number {
  // TypedArray set on a view: a third of the cost of Buffer copy's checks, per item.
  body.set(new Uint8Array(item.blob.buffer, item.blob.byteOffset + item.start, item.end - 1 - item.start), at);
  at += item.end - 1 - item.start;
  body.set(DISTANCE, at);
  at += DISTANCE.length;
  for (let character = 0; character < miles.length; character++) body[at++] = miles.charCodeAt(character);
  body[at++] = 0x7d; // }
  return at;
}
