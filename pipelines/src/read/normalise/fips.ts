import type { CountyInfo, CountyLocator } from '@ust/domain';

export type MappingMethod = 'point in county' | 'county name';

export interface CountyMapping {
  fips: string | null;
  mappingMethod: MappingMethod | null;
  /** The county name to store: the source's, else the located county's. */
  county: string | null;
}

/**
 * FIPS by point in county first (the coordinates, once checked, are the better evidence),
 * then by the county name the source gives. `pointCounty` is only set by the coordinate check
 * when the point lies in the stated state, so a facility whose coordinates sit in another
 * state is mapped by its county name instead of being counted in the other state's county.
 */
export function mapCounty(locator: CountyLocator, pointCounty: CountyInfo | null, state: string, county: string | null): CountyMapping {
  if (pointCounty) return { fips: pointCounty.fips, mappingMethod: 'point in county', county: county ?? pointCounty.name };
  const byName = county ? locator.countyByName(state, county) : soleCountyOf(locator, state);
  return byName ? { fips: byName, mappingMethod: 'county name', county } : { fips: null, mappingMethod: null, county };
}

/**
 * DC leaves its county column blank: it has one county-equivalent, so the state names it.
 * (Other states have many counties, and a blank name maps nowhere.)
 */
function soleCountyOf(locator: CountyLocator, state: string): string | null {
  let byState = soleCounties.get(locator);
  if (!byState) {
    const counts = new Map<string, string[]>();
    for (const c of locator.counties()) counts.set(c.state, [...(counts.get(c.state) ?? []), c.fips]);
    byState = new Map([...counts].map(([code, list]) => [code, list.length === 1 ? list[0]! : null]));
    soleCounties.set(locator, byState);
  }
  return byState.get(state) ?? null;
}

const soleCounties = new WeakMap<CountyLocator, Map<string, string | null>>();
