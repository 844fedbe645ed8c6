/**
 * /facilities/{id}/sheet: a facility's exposure sheet as a print-ready page, the same
 * contents as the PDF the gateway makes. Printing leaves out the app's navigation; the paper
 * toggle picks the named @page (A4 or Letter: a class, as the content security policy allows no
 * inline style) and the PDF's size.
 */
import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { ExposureSheet } from '@ust/schemas';
import { riskMethodText } from '@ust/schemas/risk-method';
import { riskValidationText } from '@ust/schemas/risk-validation';
import { useExposureSheetDownload, useExposureSheetQuery, type SheetPaper } from '../../api';
import { RiskScore } from '../../components/Badges';
import { CarrierName } from '../../components/CarrierName';
import { formatCoordinate, formatCount, formatDateTime, formatText, formatUsd, formatYesNo } from '../../components/format';
import { Loading } from '../../components/Loading';
import { logger } from '../../telemetry';
import { RequireSignIn } from '../auth';
import { riskFactorLabel, riskFactorValue } from '../facility-details/risk-factors';
import { LocatorDrawing } from './LocatorDrawing';
import './exposure-sheet.css';

export function ExposureSheetPage() {
  return (
    <RequireSignIn prompt="Please log in to see exposure sheets.">
      <SheetScreen />
    </RequireSignIn>
  );
}

function SheetScreen() {
  const { id = '' } = useParams();
  const { data: sheet, error, isPending } = useExposureSheetQuery(id);
  if (error)
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">Exposure sheet</h1>
        <p role="alert">Failed to load the exposure sheet: {error.message}</p>
      </section>
    );
  if (isPending) return <Loading text="Loading exposure sheet..." />;
  return <SheetView sheet={sheet} />;
}

function SheetView({ sheet }: { sheet: ExposureSheet }) {
  const [paper, setPaper] = useState<SheetPaper>('a4');
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = useExposureSheetDownload();
  const paperId = useId();
  const { facility } = sheet;

  async function downloadPdf() {
    setDownloading(true);
    setDownloadError(null);
    try {
      await download(facility.facility_id, paper);
    } catch (cause) {
      const message = cause instanceof Error ? cause.message : String(cause);
      logger.error('EXPOSURE_SHEET', 'Exposure sheet download failed', { facility_id: facility.facility_id, message });
      setDownloadError(message);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <article className={`exposure-sheet paper-${paper}`} aria-labelledby="page-title">
      <div className="sheet-actions" role="group" aria-label="Exposure sheet actions">
        <label htmlFor={paperId}>Paper</label>
        <select id={paperId} value={paper} onChange={(event) => setPaper(event.target.value as SheetPaper)}>
          <option value="a4">A4</option>
          <option value="letter">Letter</option>
        </select>
        <button type="button" className="button button-secondary" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="button button-primary" onClick={() => void downloadPdf()} disabled={downloading}>
          {downloading ? 'Preparing PDF...' : 'Download PDF'}
        </button>
        {downloadError && (
          <p role="alert" className="sheet-error">
            Download failed: {downloadError}
          </p>
        )}
      </div>

      <header className="sheet-header">
        <div>
          <p className="sheet-kicker">Facility exposure sheet</p>
          <h1 id="page-title">{facility.name ?? 'Unnamed facility'}</h1>
          <p className="sheet-id">Facility {facility.facility_id}</p>
          {facility.is_generated && (
            <p className="sheet-generated">
              <strong>Generated demo record:</strong> this facility, its tanks and releases are generated for the demo, not read from a state file.
            </p>
          )}
          <dl className="sheet-fields">
            <dt>Address</dt>
            <dd>{[facility.address, facility.city, [facility.state, facility.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ') || 'Unknown'}</dd>
            <dt>County</dt>
            <dd>{facility.county ? `${facility.county}${facility.fips ? ` (FIPS ${facility.fips})` : ''}` : formatText(facility.fips)}</dd>
            <dt>Coordinates</dt>
            <dd>
              {facility.latitude === null || facility.longitude === null
                ? 'Unknown'
                : `${formatCoordinate(facility.latitude)}, ${formatCoordinate(facility.longitude)}`}
            </dd>
            <dt>State facility id</dt>
            <dd>{facility.source_facility_id}</dd>
            <dt>Facility status</dt>
            <dd>{formatText(facility.facility_status)}</dd>
            <dt>Owner type</dt>
            <dd>{formatText(facility.owner_type)}</dd>
            <dt>Source</dt>
            <dd>
              {facility.is_generated ? (
                'Generated demo record'
              ) : (
                <>
                  <code>{facility.source}</code>, line {facility.source_line}
                </>
              )}{' '}
              (import {facility.import_id})
            </dd>
            <dt>As of</dt>
            <dd>
              {sheet.as_of.generated_at === null
                ? 'The live records (no dataset built yet)'
                : `Dataset version ${sheet.as_of.dataset_version}, built ${formatDateTime(sheet.as_of.generated_at)}${sheet.as_of.import_id ? ` (import ${sheet.as_of.import_id})` : ''}`}
            </dd>
          </dl>
        </div>
        <LocatorDrawing locator={sheet.locator} />
      </header>

      <TanksSection sheet={sheet} />
      <ReleasesSection sheet={sheet} />
      <ReceptorsSection sheet={sheet} />
      <RiskSection sheet={sheet} />
      <QuotesSection sheet={sheet} />
    </article>
  );
}

function TanksSection({ sheet }: { sheet: ExposureSheet }) {
  return (
    <section className="sheet-section" aria-labelledby="sheet-tanks">
      <h2 id="sheet-tanks">Tanks ({sheet.tanks.length})</h2>
      {sheet.tanks.length === 0 ? (
        <p>No tank records.</p>
      ) : (
        <table className="sheet-table">
          <thead>
            <tr>
              <th scope="col">Tank</th>
              <th scope="col">Status</th>
              <th scope="col">Installed</th>
              <th scope="col" className="numeric">
                Age (years)
              </th>
              <th scope="col">Material</th>
              <th scope="col">Wall / protection</th>
              <th scope="col">Leak detection</th>
              <th scope="col">Substance</th>
              <th scope="col" className="numeric">
                Capacity (gal)
              </th>
            </tr>
          </thead>
          <tbody>
            {sheet.tanks.map((tank) => (
              <tr key={tank.tank_id}>
                <th scope="row">{tank.tank_id}</th>
                <td>{formatText(tank.status)}</td>
                <td>{tank.install_year ?? 'Unknown'}</td>
                <td className="numeric">{tank.age_years ?? '-'}</td>
                <td>{formatText(tank.material)}</td>
                <td>
                  {[
                    tank.tank_wall_type,
                    tank.corrosion_protection,
                    tank.secondary_containment === null ? null : `secondary containment: ${formatYesNo(tank.secondary_containment)}`,
                  ]
                    .filter(Boolean)
                    .join('; ') || 'Unknown'}
                </td>
                <td>{formatText(tank.leak_detection)}</td>
                <td>{formatText(tank.substances)}</td>
                <td className="numeric">{formatCount(tank.capacity_gallons)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ReleasesSection({ sheet }: { sheet: ExposureSheet }) {
  return (
    <section className="sheet-section" aria-labelledby="sheet-releases">
      <h2 id="sheet-releases">Release history ({sheet.releases.length})</h2>
      {sheet.leak_data === 'not_reported' && <p className="muted">The facility's state provided no release data: no record here does not mean no release.</p>}
      {sheet.releases.length === 0 ? (
        <p>No releases on record.</p>
      ) : (
        <table className="sheet-table">
          <thead>
            <tr>
              <th scope="col">Release (LUST id)</th>
              <th scope="col">Status</th>
              <th scope="col">Reported</th>
              <th scope="col">No further action</th>
              <th scope="col">Substance</th>
            </tr>
          </thead>
          <tbody>
            {sheet.releases.map((release) => (
              <tr key={release.release_id}>
                <th scope="row">{release.lust_id}</th>
                <td>{release.status ? `${release.status} (${release.status_class})` : release.status_class}</td>
                <td>{formatText(release.reported_date)}</td>
                <td>{formatText(release.nfa_date)}</td>
                <td>{formatText(release.substance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ReceptorsSection({ sheet }: { sheet: ExposureSheet }) {
  const { receptors } = sheet;
  const withType = (flag: boolean | null, type: string | null) => (flag && type ? `Yes (${type})` : formatYesNo(flag));
  const rows: Array<[string, string]> = [
    ['Population within 1,500 ft', receptors.population_1500ft === null ? 'Unknown' : formatCount(receptors.population_1500ft)],
    ['Private wells within 1,500 ft', receptors.private_wells_1500ft === null ? 'Unknown' : formatCount(receptors.private_wells_1500ft)],
    ['Within a source-water protection area', withType(receptors.within_spa, receptors.spa_water_type)],
    ['Within a wellhead protection area', withType(receptors.within_whpa, receptors.whpa_water_type)],
    ['Within the 100-year floodplain', formatYesNo(receptors.within_100yr_floodplain)],
  ];
  return (
    <section className="sheet-section" aria-labelledby="sheet-receptors">
      <h2 id="sheet-receptors">Receptors</h2>
      <table className="sheet-table sheet-table-narrow">
        <thead>
          <tr>
            <th scope="col">Receptor</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function RiskSection({ sheet }: { sheet: ExposureSheet }) {
  const { risk } = sheet;
  return (
    <section className="sheet-section" aria-labelledby="sheet-risk">
      <h2 id="sheet-risk">
        Risk score <RiskScore score={risk.score} />
      </h2>
      <p className="muted">{riskMethodText(risk)}</p>
      <p className="muted">{riskValidationText(sheet.risk_validation, risk.model_version)}</p>
      <table className="sheet-table sheet-table-narrow">
        <thead>
          <tr>
            <th scope="col">Factor</th>
            <th scope="col">Value</th>
            <th scope="col" className="numeric">
              Points
            </th>
          </tr>
        </thead>
        <tbody>
          {risk.factors.map((factor) => (
            <tr key={factor.factor}>
              <th scope="row">{riskFactorLabel(factor.factor)}</th>
              <td>{riskFactorValue(factor.value)}</td>
              <td className="numeric">{factor.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function QuotesSection({ sheet }: { sheet: ExposureSheet }) {
  const { pricing } = sheet;
  return (
    <section className="sheet-section" aria-labelledby="sheet-quotes">
      <h2 id="sheet-quotes">Indicative quotes</h2>
      <p className="sheet-disclaimer">{pricing.disclaimer}</p>
      {pricing.quotes.length === 0 ? (
        <p>{pricing.no_quote_reason ?? 'No quotes.'}</p>
      ) : (
        <>
          <p className="muted">
            {formatCount(pricing.tank_count)} tanks rated (in use or temporarily out of service); risk score {pricing.risk_score ?? 'not scored'} applied as a
            schedule adjustment.
          </p>
          <table className="sheet-table">
            <thead>
              <tr>
                <th scope="col">Carrier</th>
                <th scope="col" className="numeric">
                  Annual premium
                </th>
                <th scope="col" className="numeric">
                  Base premium
                </th>
                <th scope="col" className="numeric">
                  Limit per occurrence
                </th>
                <th scope="col" className="numeric">
                  Aggregate limit
                </th>
                <th scope="col" className="numeric">
                  Deductible
                </th>
                <th scope="col">Filing it follows</th>
              </tr>
            </thead>
            <tbody>
              {pricing.quotes.map((quote) => (
                <tr key={quote.carrier}>
                  <th scope="row">
                    <CarrierName carrier={quote.carrier} />
                  </th>
                  <td className="numeric">{formatUsd(quote.annual_premium)}</td>
                  <td className="numeric">{formatUsd(quote.base_premium)}</td>
                  <td className="numeric">{formatUsd(quote.coverage_limit)}</td>
                  <td className="numeric">{formatUsd(quote.aggregate_limit)}</td>
                  <td className="numeric">{formatUsd(quote.deductible)}</td>
                  <td>{quote.modelled_on}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
