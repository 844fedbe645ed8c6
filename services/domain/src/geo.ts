/** Great-circle geometry on the WGS 84 mean radius; distances in statute miles. */
export const EARTH_RADIUS_MILES = 3958.7613;
export const FEET_PER_MILE = 5280;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Haversine distance in miles between two [latitude, longitude] points. */
export function haversineMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** True when latitude and longitude are finite and inside their ranges. */
export function isValidCoordinate(latitude: number, longitude: number): boolean {
  return Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}
