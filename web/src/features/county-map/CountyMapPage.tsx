/**
 * /county-map (shown as Map). FOUNDATION PLACEHOLDER, to be filled by the map feature: controls,
 * the MapLibre map, hover card, legend, region panel and facility table (SPEC.md section 2).
 */
import { Page } from '../../components/Page';
import { RequireSignIn } from '../auth';

export function CountyMapPage() {
  return (
    <RequireSignIn prompt="Please log in to access the county map">
      <Page title="USA Storage Tank Risk Analysis" />
    </RequireSignIn>
  );
}
