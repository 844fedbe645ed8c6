// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { FacilityStatistics, StateCoverage } from '@ust/schemas';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { coverageFeatures } from '../county-map/coverage-features';
import { coverageLayer } from '../county-map/layers';
import type { RegionFeatures } from '../county-map/region-geometry';
import { CoveragePopupContent } from './CoveragePopup';
import { COVERAGE_CLASSES, formatOrigins, formatSource, NO_RECORDS } from './coverage-format';
import { DataCoverageView } from './DataCoverageCard';

const UTAH: StateCoverage = {
  state: 'UT',
  fips: '49',
  name: 'Utah',
  coverage: 'real',
  facilities: { real: 6_497, generated: 0 },
  tanks: { real: 18_554, generated: 0 },
  releases: { real: 5_631, generated: 0 },
  sources: [
    { file: 'epa-template-xlsx/UT/UT_UST_template_20250312182403.xlsx', date: '2025-03-12', date_kind: 'file', tribal: false },
    { file: 'state-native/UT/fac.csv', date: '2025-02-03', date_kind: 'retrieved', tribal: false },
  ],
};
const MARYLAND: StateCoverage = {
  state: 'MD',
  fips: '24',
  name: 'Maryland',
  coverage: 'partly_real',
  facilities: { real: 0, generated: 2_100 },
  tanks: { real: 0, generated: 6_500 },
  releases: { real: 16_915, generated: 0 },
  sources: [{ file: 'epa-template-xlsx/MD/MD_Releases_template_20250227184321.xlsx', date: '2025-02-27', date_kind: 'file', tribal: false }],
};
const GEORGIA: StateCoverage = {
  state: 'GA',
  fips: '13',
  name: 'Georgia',
  coverage: 'generated',
  facilities: { real: 0, generated: 19_000 },
  tanks: { real: 0, generated: 58_000 },
  releases: { real: 0, generated: 12_000 },
  sources: [],
};

const STATISTICS = { coverage: [GEORGIA, MARYLAND, UTAH] } as Pick<FacilityStatistics, 'coverage'> as FacilityStatistics;

describe('the data coverage', () => {
  it('lists every state with its class, real and generated counts and dated source files', () => {
    renderApp(<DataCoverageView statistics={STATISTICS} />);
    const section = screen.getByRole('region', { name: 'Data coverage' });
    expect(within(section).getByText('States and territories: 1 real, 1 partly real, 1 generated.', { exact: false })).toBeInTheDocument();
    const utah = within(section).getByRole('row', { name: /Utah/ });
    expect(within(utah).getByText('Real records')).toBeInTheDocument();
    expect(within(utah).getByText('6,497 real')).toBeInTheDocument();
    expect(within(utah).getByText('epa-template-xlsx/UT/UT_UST_template_20250312182403.xlsx (dated 2025-03-12)')).toBeInTheDocument();
    expect(within(utah).getByText('state-native/UT/fac.csv (retrieved 2025-02-03)')).toBeInTheDocument();
    const maryland = within(section).getByRole('row', { name: /Maryland/ });
    expect(within(maryland).getByText('Partly real')).toBeInTheDocument();
    expect(within(maryland).getByText('2,100 generated')).toBeInTheDocument();
    expect(within(maryland).getByText('16,915 real')).toBeInTheDocument();
    const georgia = within(section).getByRole('row', { name: /Georgia/ });
    expect(within(georgia).getByText('Generated demo records')).toBeInTheDocument();
  });

  it('says in the popup where a state’s records come from', () => {
    renderApp(<CoveragePopupContent state={GEORGIA} />);
    expect(screen.getByText('No real source file: every record is generated.')).toBeInTheDocument();
  });

  it('formats mixed counts and tribal sources', () => {
    expect(formatOrigins({ real: 1_234, generated: 56 })).toBe('1,234 real, 56 generated');
    expect(formatOrigins({ real: 0, generated: 0 })).toBe('none');
    expect(formatSource({ file: 'ust-finder-tribal/2024-Nov/data/fac.csv', date: '2024-11', date_kind: 'file', tribal: true })).toBe(
      'ust-finder-tribal/2024-Nov/data/fac.csv (tribal lands, dated 2024-11)',
    );
  });
});

describe('the "Data coverage" map layer', () => {
  const shapes: RegionFeatures = {
    type: 'FeatureCollection',
    features: ['49', '24', '13', '56'].map((fips) => ({
      type: 'Feature',
      id: Number(fips),
      properties: { fips, name: fips },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
    })),
  };

  it("gives each state shape its class, and 'none' to a state without records", () => {
    const features = coverageFeatures(shapes, [UTAH, MARYLAND, GEORGIA]);
    expect(features.features.map((feature) => [feature.id, feature.properties])).toEqual([
      [49, { coverage: 'real', state: 'UT' }],
      [24, { coverage: 'partly_real', state: 'MD' }],
      [13, { coverage: 'generated', state: 'GA' }],
      [56, { coverage: 'none', state: '' }],
    ]);
  });

  it('colours the classes as the legend does, and is hidden until switched on', () => {
    const layer = coverageLayer(false);
    expect(layer.layout?.visibility).toBe('none');
    const colours = layer.paint?.['fill-color'] as unknown[];
    for (const { coverage, color } of COVERAGE_CLASSES) expect(colours[colours.indexOf(coverage) + 1]).toBe(color);
    expect(colours[colours.length - 1]).toBe(NO_RECORDS.color);
  });
});
