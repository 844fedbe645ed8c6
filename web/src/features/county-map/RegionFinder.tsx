import { useId, useMemo, useState } from 'react';
import type { RegionFigures, RegionLevel } from '../../api/region-data';
import { regionTitle } from './region-format';

/**
 * Finds a state or county by name: the keyboard's way to the region panel (a map canvas cannot
 * be tabbed into), and the quickest way to a county among 3,231.
 */
export function RegionFinder({ figures, level, onFind }: { figures: RegionFigures; level: RegionLevel; onFind: (fips: string) => void }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const fipsByTitle = useMemo(() => {
    const titles = new Map<string, string>();
    for (const [fips, region] of figures.byFips) titles.set(regionTitle(region, level), fips);
    return new Map([...titles].sort(([a], [b]) => a.localeCompare(b)));
  }, [figures, level]);

  function find(value: string) {
    setTyped(value);
    const fips = fipsByTitle.get(value);
    if (fips) {
      onFind(fips);
      setTyped('');
    }
  }

  const noun = level === 'counties' ? 'county' : 'state';
  return (
    <div className="map-control map-finder">
      <label htmlFor={`${id}-find`}>Find a {noun}</label>
      <input
        id={`${id}-find`}
        type="search"
        list={`${id}-regions`}
        value={typed}
        placeholder={level === 'counties' ? 'e.g. Sussex County, DE' : 'e.g. Delaware'}
        onChange={(event) => find(event.target.value)}
        autoComplete="off"
      />
      <datalist id={`${id}-regions`}>
        {[...fipsByTitle.keys()].map((title) => (
          <option key={title} value={title} />
        ))}
      </datalist>
    </div>
  );
}
