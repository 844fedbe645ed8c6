/**
 * A screening's portfolio summary as a PDF: what was screened, the risk distribution of the
 * matched facilities as a bar chart, the total and average indicative premium per carrier, the
 * 20 largest exposures and the locations by state. The document is a readable stream.
 */
import { PRICING_DISCLAIMER, type ScreeningRow, type ScreeningRun } from '@ust/schemas';
import { formatCount, formatDollars } from '../exposure-sheet/sheet-text.js';
import {
  ACCENT,
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
import { OUTCOME_LABELS } from './screening-columns.js';
import { summarise, TOP_EXPOSURES, type ScreeningSummary } from './screening-summary.js';

const BAR_FILL = '#2563eb';

/** Lines the file's name takes at most under the title. */
const FILE_NAME_LINES = 2;
const FILE_NAME_FONT_SIZE = 10;

export function renderScreeningPdf(screening: ScreeningRun, rows: readonly ScreeningRow[], paper: Paper = 'letter'): Doc {
  const doc = newDocument(paper, { Subject: `Screening ${screening.id}` });
  const fileName = fitText(screening.file_name, textWidth(doc), FILE_NAME_FONT_SIZE, FILE_NAME_LINES);
  doc.info.Title = `Portfolio screening summary: ${fileName}`;
  const summary = summarise(rows);
  writeHeading(doc, screening, fileName, summary);
  writeRiskChart(doc, summary);
  writeCarriers(doc, summary);
  writeTopExposures(doc, summary);
  writeStates(doc, summary);
  writeFooters(doc, `Screening ${screening.id} · ${PRICING_DISCLAIMER}`);
  doc.end();
  return doc;
}

function writeHeading(doc: Doc, screening: ScreeningRun, fileName: string, summary: ScreeningSummary) {
  doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text('Portfolio screening summary');
  doc.font('Helvetica').fontSize(FILE_NAME_FONT_SIZE).fillColor(INK).text(fileName);
  doc.moveDown(0.3);
  note(
    doc,
    `Screening ${screening.id} · created ${screening.created_at.slice(0, 16).replace('T', ' ')} UTC${screening.owner_email ? ` by ${screening.owner_email}` : ''} · dataset version ${screening.dataset_version ?? 'none'}`,
  );
  doc.moveDown(0.3);
  const figures: Array<[string, number]> = [
    ['Locations', screening.rows_total],
    [OUTCOME_LABELS.matched, screening.matched],
    [OUTCOME_LABELS.screened, screening.screened],
    [OUTCOME_LABELS.not_located, screening.not_located],
  ];
  const left = doc.page.margins.left;
  const width = textWidth(doc) / figures.length;
  const y = doc.y;
  figures.forEach(([label, value], index) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(18)
      .fillColor(ACCENT)
      .text(formatCount(value), left + index * width, y, { width, align: 'left' });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(label, left + index * width, y + 22, { width });
  });
  doc.x = left;
  doc.y = y + 40;
  note(
    doc,
    'Matched: a facility is at the location (same street address and ZIP, or within 250 ft of a point given by coordinates or an address point). Screened: no facility is; its surroundings were screened. Not located: the row could not be placed; the CSV and XLSX downloads list each with its reason.',
  );
  if (summary.has_generated_records) {
    warningBox(doc, 'Some records of this screening are generated demo records, not read from a state file; the downloads mark each one.', { fontSize: 8.5 });
  }
}

function writeRiskChart(doc: Doc, summary: ScreeningSummary) {
  section(doc, 'Risk distribution of matched facilities');
  const matched = summary.risk_distribution.reduce((sum, count) => sum + count, 0) + summary.unscored;
  if (matched === 0) {
    note(doc, 'No location matched a facility.');
    return;
  }
  const chartHeight = 110;
  ensureRoom(doc, chartHeight + 40);
  const left = doc.page.margins.left + 24;
  const width = textWidth(doc) - 24;
  const top = doc.y + 6;
  const base = top + chartHeight;
  const most = Math.max(1, ...summary.risk_distribution);
  const slot = width / 10;
  doc
    .moveTo(left, base)
    .lineTo(left + width, base)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  summary.risk_distribution.forEach((count, index) => {
    const height = (count / most) * (chartHeight - 14);
    const x = left + index * slot + slot * 0.18;
    if (count > 0) doc.rect(x, base - height, slot * 0.64, height).fill(BAR_FILL);
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(INK)
      .text(formatCount(count), x - 6, base - height - 10, { width: slot * 0.64 + 12, align: 'center' });
    doc.fillColor(MUTED).text(String(index + 1), left + index * slot, base + 3, { width: slot, align: 'center' });
  });
  doc.save().rotate(-90, { origin: [doc.page.margins.left + 6, base] });
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text('Facilities', doc.page.margins.left + 6, base, { lineBreak: false });
  doc.restore();
  doc.x = doc.page.margins.left;
  doc.y = base + 16;
  note(
    doc,
    `Risk score (1 lowest, 10 highest) of the ${formatCount(matched)} matched facilities${summary.unscored ? `; ${formatCount(summary.unscored)} not scored yet` : ''}.`,
  );
}

function writeCarriers(doc: Doc, summary: ScreeningSummary) {
  section(doc, 'Indicative premium per carrier');
  warningBox(doc, PRICING_DISCLAIMER);
  table(
    doc,
    [
      { header: 'Carrier', width: 0.4 },
      { header: 'Facilities quoted', width: 0.2, align: 'right' },
      { header: 'Total annual premium', width: 0.2, align: 'right' },
      { header: 'Average annual premium', width: 0.2, align: 'right' },
    ],
    summary.carriers.map((carrier) => [
      carrier.carrier,
      formatCount(carrier.quoted),
      formatDollars(carrier.total_premium),
      formatDollars(carrier.average_premium),
    ]),
    'No matched facility has active tanks to quote.',
  );
}

function writeTopExposures(doc: Doc, summary: ScreeningSummary) {
  section(doc, `Top ${TOP_EXPOSURES} exposures`);
  table(
    doc,
    [
      { header: 'Line', width: 0.06, align: 'right' },
      { header: 'Reference', width: 0.13 },
      { header: 'Facility', width: 0.27 },
      { header: 'State', width: 0.06 },
      { header: 'Risk', width: 0.06, align: 'right' },
      { header: 'Active tanks', width: 0.09, align: 'right' },
      { header: 'Releases', width: 0.08, align: 'right' },
      { header: 'Best carrier', width: 0.14 },
      { header: 'Lowest premium', width: 0.11, align: 'right' },
    ],
    summary.top_exposures.map((row) => {
      const facility = row.facility!;
      return [
        String(row.line),
        row.reference ?? '',
        `${facility.name ?? 'Unnamed facility'} (${facility.id})${facility.is_generated ? ' [generated demo record]' : ''}`,
        facility.state,
        facility.risk_score === null ? '-' : String(facility.risk_score),
        formatCount(facility.active_tank_count),
        formatCount(facility.leak_count),
        facility.pricing.best_carrier ?? '-',
        facility.pricing.lowest_premium === null ? '-' : formatDollars(facility.pricing.lowest_premium),
      ];
    }),
    'No location matched a facility.',
  );
}

function writeStates(doc: Doc, summary: ScreeningSummary) {
  section(doc, 'Locations by state');
  table(
    doc,
    [
      { header: 'State', width: 0.2 },
      { header: 'Locations', width: 0.2, align: 'right' },
      { header: OUTCOME_LABELS.matched, width: 0.2, align: 'right' },
      { header: OUTCOME_LABELS.screened, width: 0.2, align: 'right' },
      { header: OUTCOME_LABELS.not_located, width: 0.2, align: 'right' },
    ],
    summary.states.map((state) => [
      state.state,
      formatCount(state.rows),
      formatCount(state.matched),
      formatCount(state.screened),
      formatCount(state.not_located),
    ]),
  );
}
