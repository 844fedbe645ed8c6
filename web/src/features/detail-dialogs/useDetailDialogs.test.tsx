// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { recordActivity } from '../../telemetry';
import { MARATHON_FLORIDA, MARATHON_RELEASE } from '../../testing/api-bodies';
import { renderApp } from '../../testing/render-app';
import { useDetailDialogs } from './useDetailDialogs';

// The views are recorded through the app's one activity recorder; here they are only counted.
vi.mock('../../telemetry', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../telemetry')>()), recordActivity: vi.fn() }));

const ROUTES = { 'GET /api/facilities/5000533': MARATHON_FLORIDA, 'GET /api/releases/DC-96020': MARATHON_RELEASE };

/** A screen with a facility and a release to open, as the search and map screens have. */
function Screen() {
  const { openFacility, openRelease, dialogs } = useDetailDialogs();
  return (
    <>
      <button type="button" onClick={() => openFacility({ id: '5000533', name: 'MARATHON FLORIDA 228965', latitude: 38.906789, longitude: -76.99 })}>
        Open the facility
      </button>
      <button type="button" onClick={() => openRelease('DC-96020')}>
        Open the release
      </button>
      {dialogs}
    </>
  );
}

describe('useDetailDialogs', () => {
  it('opens the facility dialog, then a release of it on top; closing the release leaves the facility open', async () => {
    const user = userEvent.setup();
    renderApp(<Screen />, { routes: ROUTES });
    await user.click(screen.getByRole('button', { name: 'Open the facility' }));
    const facility = await screen.findByRole('dialog', { name: 'MARATHON FLORIDA 228965' });
    expect(recordActivity).toHaveBeenCalledWith('facility_view', { facility_id: '5000533', location_lat: 38.906789, location_lon: -76.99 });

    await user.click(await within(facility).findByRole('button', { name: 'Release 96020' }));
    const release = await screen.findByRole('dialog', { name: 'Release/Leak Details' });
    expect(recordActivity).toHaveBeenCalledWith('release_view', { release_id: 'DC-96020' });

    await user.click(within(release).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Release/Leak Details' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'MARATHON FLORIDA 228965' })).toBeInTheDocument();
    await user.click(within(facility).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a release on its own', async () => {
    const user = userEvent.setup();
    renderApp(<Screen />, { routes: ROUTES });
    await user.click(screen.getByRole('button', { name: 'Open the release' }));
    expect(await screen.findByRole('dialog', { name: 'Release/Leak Details' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'MARATHON FLORIDA 228965' })).not.toBeInTheDocument();
  });
});
