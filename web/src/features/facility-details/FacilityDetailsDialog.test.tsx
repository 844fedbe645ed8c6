// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MARATHON_FLORIDA } from '../../testing/api-bodies';
import { renderApp } from '../../testing/render-app';
import { FacilityDetailsDialog } from './FacilityDetailsDialog';

const ROUTES = { 'GET /api/facilities/5000533': MARATHON_FLORIDA };

/** What opens the dialog on the search and map screens: the chosen facility, and closing forgets it. */
function FacilityHost({ onOpenRelease = () => {} }: { onOpenRelease?: (releaseId: string) => void }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <FacilityDetailsDialog facilityId="5000533" facilityName="MARATHON FLORIDA 228965" onClose={() => setOpen(false)} onOpenRelease={onOpenRelease} />
  ) : (
    <p>No facility open</p>
  );
}

async function openDialog() {
  const dialog = await screen.findByRole('dialog', { name: 'MARATHON FLORIDA 228965' });
  await within(dialog).findByRole('heading', { name: 'Key Information' });
  return dialog;
}

describe('the facility details dialog', () => {
  it('shows the key information, risk breakdown, quotes, tanks and releases of GET /api/facilities/{id}', async () => {
    renderApp(<FacilityHost />, { routes: ROUTES });
    const dialog = await openDialog();
    const field = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;

    expect(within(dialog).getByText(/Facility 5000533/)).toBeInTheDocument();
    expect(within(dialog).getByText('epa-template/DC/UST/facility.csv')).toBeInTheDocument();
    expect(field('Address')).toHaveTextContent('500 FLORIDA AV NE');
    expect(field('Latitude')).toHaveTextContent('38.906789');
    expect(field('Total Tanks')).toHaveTextContent('6');
    expect(field('Has Leak')).toHaveTextContent('Yes');
    expect(field('Protection Score (1-10)')).toHaveTextContent('4');
    expect(field('Average Tank Age')).toHaveTextContent('37.4 years');
    expect(field('Oldest Tank Year')).toHaveTextContent('1985');

    const risk = within(dialog).getByRole('region', { name: 'Risk Score Breakdown' });
    expect(risk).toHaveTextContent('6/10 Moderate');
    expect(risk).toHaveTextContent('Model risk-v2: 8.1 % probability of a release within 3 years');
    expect(within(risk).getByRole('rowheader', { name: 'Protection score (0-100)' }).nextElementSibling).toHaveTextContent('Unknown');
    const singleWalled = within(risk).getByRole('rowheader', { name: 'Any single-walled tank' }).closest('tr')!;
    expect(
      within(singleWalled)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Yes', '0.08']);

    const pricing = within(dialog).getByRole('region', { name: 'Insurance Pricing Analysis' });
    expect(within(pricing).getByText('Best Carrier', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Mid-Continent');
    expect(within(pricing).getByText('Lowest Premium', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$1,932');
    expect(within(pricing).getByText('Savings vs Highest', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$7,636');
    const quotes = within(pricing).getAllByRole('listitem');
    expect(quotes.map((quote) => quote.querySelector('.carrier')?.textContent)).toEqual(['Mid-Continent', 'TOMICS', 'AIG', 'Zurich']);
    expect(quotes[0]).toHaveTextContent('BEST');
    expect(quotes[1]).toHaveTextContent('Indicative estimate modelled on TX SERFF TEXS-131241913, effective 2018-01-01');
    expect(pricing).toHaveTextContent('Indicative estimate, not a binding offer.');

    const tanks = within(dialog).getByRole('region', { name: 'Tanks (4)' });
    const kerosene = within(tanks).getByRole('rowheader', { name: '5000533-6' }).closest('tr')!;
    expect(
      within(kerosene)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Currently in use', '1985-01-01', 'N/A', '6,000', 'Kerosene', 'Single wall']);
    const releases = within(dialog).getByRole('region', { name: 'Releases (1)' });
    expect(releases).toHaveTextContent('Reported 1996-02-02');
    expect(within(releases).getByText('Active: general')).toBeInTheDocument();
    const other = within(dialog).getByRole('region', { name: 'Additional Data Fields' });
    const otherField = (label: string) => within(other).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(otherField('Facility Type')).toHaveTextContent('Retail fuel sales (non-marina)');
    expect(otherField('Open USTs')).toHaveTextContent('5');
    expect(otherField('Within 100yr Floodplain')).toHaveTextContent('No');
    expect(otherField('Tribe')).toHaveTextContent('N/A');
  });

  it('hands a release of the facility to the host, which opens the release dialog', async () => {
    const user = userEvent.setup();
    const onOpenRelease = vi.fn();
    renderApp(<FacilityHost onOpenRelease={onOpenRelease} />, { routes: ROUTES });
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Release 96020' }));
    expect(onOpenRelease).toHaveBeenCalledWith('DC-96020');
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    renderApp(<FacilityHost />, { routes: ROUTES });
    await openDialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('No facility open')).toBeInTheDocument();
  });

  it('closes with its close button, and shows the name it was opened with while the details load', async () => {
    const user = userEvent.setup();
    renderApp(<FacilityHost />, { routes: ROUTES });
    const loading = await screen.findByRole('dialog', { name: 'MARATHON FLORIDA 228965' });
    expect(within(loading).getByRole('status')).toHaveTextContent('Loading facility details...');
    await openDialog();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('No facility open')).toBeInTheDocument();
  });
});
