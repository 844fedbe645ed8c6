// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MARATHON_RELEASE } from '../../testing/api-bodies';
import { gatewayError } from '../../testing/gateway-stub';
import { renderApp } from '../../testing/render-app';
import { ReleaseDetailsDialog } from './ReleaseDetailsDialog';

/** What opens the dialog on the search and map screens: a release id, and closing forgets it. */
function ReleaseHost({ releaseId }: { releaseId: string }) {
  const [open, setOpen] = useState<string | null>(releaseId);
  return open ? <ReleaseDetailsDialog releaseId={open} onClose={() => setOpen(null)} /> : <p>No release open</p>;
}

describe('the release details dialog', () => {
  it("shows the release's key information and additional fields from GET /api/releases/{id}", async () => {
    const { gateway } = renderApp(<ReleaseHost releaseId="DC-96020" />, { routes: { 'GET /api/releases/DC-96020': MARATHON_RELEASE } });
    const dialog = await screen.findByRole('dialog', { name: 'Release/Leak Details' });
    await within(dialog).findByRole('heading', { name: 'Key Information' });

    expect(within(dialog).getByText(/LUST ID 96020/)).toBeInTheDocument();
    expect(within(dialog).getByText('epa-template/DC/Releases/release.csv')).toBeInTheDocument();
    const field = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(field('Name')).toHaveTextContent('MARATHON FLORIDA 228965');
    expect(field('Address')).toHaveTextContent('500 FLORIDA AV NE');
    expect(field('County')).toHaveTextContent('N/A');
    expect(field('Latitude')).toHaveTextContent('38.906789');
    expect(field('Longitude')).toHaveTextContent('-76.998992');
    expect(field('Reported Date')).toHaveTextContent('1996-02-02');
    expect(field('Status')).toHaveTextContent('Active: general');
    expect(within(dialog).getByRole('heading', { name: 'Additional Data Fields' })).toBeInTheDocument();
    expect(field('Population within 1,500 ft')).toHaveTextContent('4,812');
    expect(field('Within 100-year Floodplain')).toHaveTextContent('No');
    expect(field('EPA Region')).toHaveTextContent('3');
    expect(gateway.callsTo('GET /api/releases/DC-96020')[0]?.authorization).toBe('Bearer access-token-of-local|demo-broker');
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    renderApp(<ReleaseHost releaseId="DC-96020" />, { routes: { 'GET /api/releases/DC-96020': MARATHON_RELEASE } });
    const dialog = await screen.findByRole('dialog', { name: 'Release/Leak Details' });
    await within(dialog).findByRole('heading', { name: 'Key Information' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('No release open')).toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    renderApp(<ReleaseHost releaseId="DC-96020" />, { routes: { 'GET /api/releases/DC-96020': MARATHON_RELEASE } });
    const dialog = await screen.findByRole('dialog', { name: 'Release/Leak Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says the release could not be loaded, with the gateway's message, and closes", async () => {
    const user = userEvent.setup();
    renderApp(<ReleaseHost releaseId="DC-0" />, { routes: { 'GET /api/releases/DC-0': gatewayError(404, 'NOT_FOUND', 'Release DC-0 not found') } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load release details');
    expect(alert).toHaveTextContent('Release DC-0 not found');
    expect(screen.getByRole('dialog', { name: 'Error' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
