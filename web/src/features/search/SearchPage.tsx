/**
 * /search. FOUNDATION PLACEHOLDER, to be filled by the search feature: address autocomplete,
 * closest release, geocoding panel, results with indicative quotes (SPEC.md section 2).
 */
import { Page } from '../../components/Page';
import { RequireSignIn } from '../auth';

export function SearchPage() {
  return (
    <RequireSignIn prompt="Please log in to search facilities.">
      <Page title="Search Storage Tank Facilities" />
    </RequireSignIn>
  );
}
