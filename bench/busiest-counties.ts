/** What the API benchmarks ask about: the facilities of the counties that hold the most. */

/**
 * The facility lists of the `counties` counties with most facilities, busiest first, stopping
 * once `wanted` facilities are read.
 */
export async function facilitiesOfBusiestCounties<Facility>(get: (url: string) => Promise<Response>, counties: number, wanted = Infinity): Promise<Facility[]> {
  const figures = (await (await get('/api/geojson-cached/counties?geometry=none')).json()) as {
    features: Array<{ properties: { GEO_ID: string; total_facilities: number } }>;
  };
  const busiest = [...figures.features].sort((a, b) => b.properties.total_facilities - a.properties.total_facilities).slice(0, counties);
  const facilities: Facility[] = [];
  for (const county of busiest) {
    if (facilities.length >= wanted) break;
    const list = (await (await get(`/api/facilities/by-fips/${county.properties.GEO_ID.slice(-5)}`)).json()) as { facilities: Facility[] };
    facilities.push(...list.facilities);
  }
  return facilities;
}
