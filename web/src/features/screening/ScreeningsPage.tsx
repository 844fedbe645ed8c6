/**
 * /screenings (docs/decisions/0034-access-by-role.md, 0035-portfolio-matching.md):
 * upload a CSV of locations to screen, and the screenings so far. For brokers,
 * underwriters and admins; anyone else reads why not.
 */
import { ApiError, useScreeningsQuery } from '../../api';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { useRole } from '../auth';
import { ScreeningAccess, ScreeningForbidden } from './ScreeningAccess';
import { ScreeningsList } from './ScreeningsList';
import { UploadForm } from './UploadForm';
import './screening.css';

export function ScreeningsPage() {
  return (
    <ScreeningAccess>
      <Screenings />
    </ScreeningAccess>
  );
}

function Screenings() {
  const { isAdmin } = useRole();
  const screenings = useScreeningsQuery();
  // The role shown may be a cached one the server no longer agrees with.
  if (screenings.error instanceof ApiError && screenings.error.status === 403) return <ScreeningForbidden />;
  return (
    <Page
      title="Portfolio Screening"
      lead="Screen a client's locations against every facility and release: matched facilities with their risk and indicative premiums, and what lies nearby."
    >
      <UploadForm />
      <section className="card screening-runs" aria-labelledby="screening-runs-title">
        <h2 id="screening-runs-title">{isAdmin ? 'All screenings' : 'Your screenings'}</h2>
        {screenings.isPending && <Loading text="Loading screenings..." />}
        {screenings.isError && (
          <p className="screening-error" role="alert">
            Could not load the screenings: {screenings.error.message}
          </p>
        )}
        {screenings.data && <ScreeningsList runs={screenings.data.screenings} showOwner={isAdmin} />}
      </section>
    </Page>
  );
}
