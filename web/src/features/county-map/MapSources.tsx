import { formatCount } from '../../components/format';
import type { RegionFiguresDocument } from '../../api/region-data';

/** Where the figures come from, and how much of them is generated demo data. */
export function MapSources({ metadata }: { metadata: RegionFiguresDocument['metadata'] }) {
  const { real_facilities: real, generated_facilities: generated } = metadata.sources;
  return (
    <p className="map-sources">
      Figures from dataset version {metadata.dataset_version}, built {new Date(metadata.generated_at).toLocaleString()}: {formatCount(real)} facilities from EPA
      files{generated > 0 ? ` and ${formatCount(generated)} generated demo facilities` : ''}.
    </p>
  );
}
