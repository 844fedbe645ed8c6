import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMapConfigQuery, useRegionFiguresQuery } from '../../api';
import { resolveMapStyle } from './base-styles';
import { buildColorScale, NO_RELEASE_DATA_POSITION, rampPosition } from './color-scales';
import type { MapSettings } from './MapControls';
import { placeLabels, type PlaceLabels } from './map-labels';
import { lacksReleaseData, metricValue } from './map-metrics';
import { featureIdOf, loadLand, loadMapGeometry } from './region-geometry';

/**
 * What the map draws for the chosen settings: the static shapes (loaded once, kept for the
 * session), the level's figures, the base style the tile configuration allows, and each
 * region's colour as a position on the ramp. Shapes and figures load in parallel.
 */
export function useCountyMapData({ level, metric, scale, style: styleId }: Pick<MapSettings, 'level' | 'metric' | 'scale' | 'style'>) {
  const geometry = useQuery({ queryKey: ['map-geometry'], queryFn: ({ signal }) => loadMapGeometry(signal), staleTime: Infinity, gcTime: Infinity });
  const figures = useRegionFiguresQuery(level);
  const config = useMapConfigQuery();
  const style = useMemo(() => resolveMapStyle(styleId, config.data ?? null), [styleId, config.data]);
  const labels = useQuery({
    queryKey: ['map-labels'],
    // After a macrotask: the map's first frame with the shapes comes before the names.
    queryFn: () => new Promise<PlaceLabels>((resolve) => setTimeout(() => resolve(placeLabels(geometry.data!.regions)))),
    enabled: geometry.data !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const land = useQuery({ queryKey: ['map-land'], queryFn: ({ signal }) => loadLand(signal), staleTime: Infinity, gcTime: Infinity, enabled: style.drawsLand });

  const colorScale = useMemo(
    () =>
      buildColorScale(
        scale,
        figures.data
          ? [...figures.data.byFips.values()].filter((region) => !lacksReleaseData(region, metric)).map((region) => metricValue(region, metric))
          : [],
      ),
    [scale, metric, figures.data],
  );
  const colours = useMemo(() => {
    if (!figures.data) return null;
    const positions = new Map<number, number>();
    for (const [fips, region] of figures.data.byFips) {
      const position = lacksReleaseData(region, metric) ? NO_RELEASE_DATA_POSITION : rampPosition(colorScale, metricValue(region, metric));
      positions.set(featureIdOf(fips), position);
    }
    return { level: figures.data.level, positions };
  }, [figures.data, colorScale, metric]);

  return { geometry, figures, config: config.data ?? null, style, land, labels, colorScale, colours };
}
