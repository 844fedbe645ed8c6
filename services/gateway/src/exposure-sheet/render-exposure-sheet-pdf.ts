/**
 * The exposure sheet as a PDF (pdfkit, its built-in Helvetica: no font files to ship). The
 * document is a readable stream: the route sends it as pdfkit writes it.
 */
import { PRICING_DISCLAIMER, riskMethodText, riskValidationText, type ExposureSheet } from '@ust/schemas';
import {
  exposureSheetTitle,
  formatAsOf,
  formatCapacity,
  formatCount,
  formatDollars,
  formatFlag,
  formatText,
  GENERATED_RECORD_NOTE,
  receptorRows,
  riskFactorRows,
  sourceLine,
} from './sheet-text.js';
export type { Paper } from '../pdf/pdf-layout.js';
import {
  ensureRoom,
  fitText,
  newDocument,
  INK,
  MUTED,
  note,
  RULE,
  section,
  table,
  textWidth,
  warningBox,
  writeFooters,
  type Doc,
  type Paper,
} from '../pdf/pdf-layout.js';

/** Lines the facility's name takes at most as the sheet's title. */
const NAME_LINES = 2;

/** Starts writing the sheet; the caller pipes or sends the returned stream. */
export function renderExposureSheetPdf(sheet: ExposureSheet, paper: Paper = 'a4'): Doc {
  const doc = newDocument(paper, { Title: exposureSheetTitle(sheet), Subject: `Exposure sheet of facility ${sheet.facility.facility_id}` });
  writeIdentity(doc, sheet);
  section(doc, `Tanks (${sheet.tanks.length})`);
  table(
    doc,
    [
      { header: 'Tank', width: 0.09 },
      { header: 'Status', width: 0.12 },
      { header: 'Installed', width: 0.075 },
      { header: 'Age', width: 0.05, align: 'right' },
      { header: 'Material', width: 0.11 },
      { header: 'Wall / protection', width: 0.15 },
      { header: 'Leak detection', width: 0.13 },
      { header: 'Substance', width: 0.165 },
      { header: 'Capacity (gal)', width: 0.11, align: 'right' },
    ],
    sheet.tanks.map((tank) => [
      tank.tank_id,
      formatText(tank.status),
      tank.install_year === null ? 'Unknown' : String(tank.install_year),
      tank.age_years === null ? '-' : String(tank.age_years),
      formatText(tank.material),
      [
        tank.tank_wall_type,
        tank.corrosion_protection,
        tank.secondary_containment === null ? null : `secondary containment: ${formatFlag(tank.secondary_containment)}`,
      ]
        .filter(Boolean)
        .join('; ') || 'Unknown',
      formatText(tank.leak_detection),
      formatText(tank.substances),
      formatCapacity(tank.capacity_gallons),
    ]),
    'No tank records.',
  );
  section(doc, `Release history (${sheet.releases.length})`);
  if (sheet.leak_data === 'not_reported') note(doc, "The facility's state provided no release data: no record here does not mean no release.");
  table(
    doc,
    [
      { header: 'Release (LUST id)', width: 0.22 },
      { header: 'Status', width: 0.28 },
      { header: 'Reported', width: 0.13 },
      { header: 'No further action', width: 0.15 },
      { header: 'Substance', width: 0.22 },
    ],
    sheet.releases.map((release) => [
      `${release.lust_id}`,
      release.status ? `${release.status} (${release.status_class})` : release.status_class,
      formatText(release.reported_date),
      formatText(release.nfa_date),
      formatText(release.substance),
    ]),
    'No releases on record.',
  );
  section(doc, 'Receptors');
  table(
    doc,
    [
      { header: 'Receptor', width: 0.6 },
      { header: 'Value', width: 0.4 },
    ],
    receptorRows(sheet),
  );
  section(doc, `Risk score: ${sheet.risk.score}/10 (${sheet.risk.band})`);
  note(doc, riskMethodText(sheet.risk));
  note(doc, riskValidationText(sheet.risk_validation, sheet.risk.model_version));
  table(
    doc,
    [
      { header: 'Factor', width: 0.55 },
      { header: 'Value', width: 0.3 },
      { header: 'Points', width: 0.15, align: 'right' },
    ],
    riskFactorRows(sheet.risk),
  );
  writeQuotes(doc, sheet);
  writeFooters(doc, `Facility ${sheet.facility.facility_id} · dataset version ${sheet.as_of.dataset_version} · ${PRICING_DISCLAIMER}`);
  doc.end();
  return doc;
}

function writeIdentity(doc: Doc, sheet: ExposureSheet) {
  const { facility } = sheet;
  const left = doc.page.margins.left;
  const locatorBox = 150;
  const width = textWidth(doc) - locatorBox - 16;
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('Facility exposure sheet', left, doc.y, { width });
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(INK)
    .text(fitText(facility.name ?? 'Unnamed facility', width, 16, NAME_LINES), { width });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(fitText(`Facility ${facility.facility_id}`, width, 10), { width });
  const top = doc.page.margins.top;
  doc.moveDown(0.5);
  if (facility.is_generated) {
    warningBox(doc, GENERATED_RECORD_NOTE, { width, gapBelow: 6 });
  }
  const fields: Array<[string, string]> = [
    ['Address', [facility.address, facility.city, [facility.state, facility.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ') || 'Unknown'],
    ['County', facility.county ? `${facility.county}${facility.fips ? ` (FIPS ${facility.fips})` : ''}` : formatText(facility.fips)],
    [
      'Coordinates',
      facility.latitude === null || facility.longitude === null
        ? 'Unknown'
        : // A placed point is a ZIP's or town's, not the site's: the sheet says which.
          `${facility.latitude.toFixed(6)}, ${facility.longitude.toFixed(6)}${facility.location_note ? `, ${facility.location_note}` : ''}`,
    ],
    ['State facility id', facility.source_facility_id],
    ['Facility status', formatText(facility.facility_status)],
    ['Owner type', formatText(facility.owner_type)],
    ['Source', sourceLine(sheet)],
    ['As of', formatAsOf(sheet)],
  ];
  for (const [label, value] of fields) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(MUTED).text(label, left, y, { width: 90 });
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(INK)
      .text(fitText(value, width - 92, 8.5), left + 92, y, { width: width - 92 });
    doc.y = Math.max(doc.y, y) + 2;
  }
  const afterFields = doc.y;
  drawLocator(doc, sheet, left + textWidth(doc) - locatorBox, top, locatorBox);
  doc.y = Math.max(afterFields, top + locatorBox + 20);
}

function drawLocator(doc: Doc, sheet: ExposureSheet, x: number, y: number, box: number) {
  doc.save();
  doc.rect(x, y, box, box).lineWidth(0.5).strokeColor(RULE).stroke();
  const { locator } = sheet;
  if (!locator) {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text('No county shape or coordinates to draw.', x + 8, y + box / 2 - 8, { width: box - 16, align: 'center' });
    doc.restore();
    return;
  }
  const scale = (box - 8) / Math.max(locator.width, locator.height);
  const offsetX = x + (box - locator.width * scale) / 2;
  const offsetY = y + (box - locator.height * scale) / 2;
  doc.translate(offsetX, offsetY).scale(scale);
  doc
    .path(locator.outline)
    .lineWidth(1 / scale)
    .fillOpacity(1)
    .fillAndStroke('#e5eaf2', '#475569');
  doc.circle(locator.point.x, locator.point.y, 4 / scale).fillAndStroke('#dc2626', '#ffffff');
  doc.restore();
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(fitText(`${locator.county_name} County and the facility`, box, 7.5), x, y + box + 3, { width: box, align: 'center' });
}

function writeQuotes(doc: Doc, sheet: ExposureSheet) {
  const { pricing } = sheet;
  section(doc, 'Indicative quotes');
  ensureRoom(doc, 40);
  warningBox(doc, PRICING_DISCLAIMER);
  if (pricing.quotes.length === 0) {
    note(doc, pricing.no_quote_reason ?? 'No quotes.');
    return;
  }
  note(
    doc,
    `${formatCount(pricing.tank_count)} tanks rated (in use or temporarily out of service); risk score ${pricing.risk_score ?? 'not scored'} applied as a schedule adjustment.`,
  );
  table(
    doc,
    [
      { header: 'Carrier', width: 0.17 },
      { header: 'Annual premium', width: 0.11, align: 'right' },
      { header: 'Base premium', width: 0.1, align: 'right' },
      { header: 'Limit per occurrence', width: 0.12, align: 'right' },
      { header: 'Aggregate limit', width: 0.11, align: 'right' },
      { header: 'Deductible', width: 0.09, align: 'right' },
      { header: 'Filing it follows', width: 0.3 },
    ],
    pricing.quotes.map((quote) => [
      quote.carrier,
      formatDollars(quote.annual_premium),
      formatDollars(quote.base_premium),
      formatDollars(quote.coverage_limit),
      formatDollars(quote.aggregate_limit),
      formatDollars(quote.deductible),
      quote.modelled_on,
    ]),
  );
}
