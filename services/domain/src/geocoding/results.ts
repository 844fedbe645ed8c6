/** Candidates in the API's shapes (schemas/src/geocoding.ts). */
import type { AddressSuggestion, GeocodeResult } from '@ust/schemas';
import type { Candidate } from './rank.js';

export const GEOCODE_NOT_FOUND_MESSAGE = 'We could not find that address. Try a street address with city and state, or a ZIP code.';

const FOUND_MESSAGE: Record<Candidate['matchType'], string> = {
  address: 'Address found',
  zip: 'Street address not found; located at the ZIP code centre',
  place: 'Street address not found; located at the city or town centre',
};

export function toSuggestion(candidate: Candidate): AddressSuggestion {
  return {
    id: candidate.id,
    place_name: candidate.placeName,
    center: [candidate.longitude, candidate.latitude],
    properties: { address: candidate.address, match_type: candidate.matchType },
  };
}

/** docs/product.md section 3 'Geocoding' for `address`: the candidate's point, or a failure that says what to try. */
export function toGeocodeResult(address: string, candidate: Candidate | undefined, notFoundMessage = GEOCODE_NOT_FOUND_MESSAGE): GeocodeResult {
  if (!candidate) {
    return { success: false, message: notFoundMessage, original_address: address, formatted_address: null, latitude: null, longitude: null, match_type: null };
  }
  return {
    success: true,
    message: FOUND_MESSAGE[candidate.matchType],
    original_address: address,
    formatted_address: candidate.placeName,
    latitude: candidate.latitude,
    longitude: candidate.longitude,
    match_type: candidate.matchType,
  };
}
