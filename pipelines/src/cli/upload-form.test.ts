import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIRECTORY } from '../demo/build-demo.js';
import { importUploadForm } from './upload-form.js';

describe('the upload of pnpm pipeline import', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'ust-upload-form-'));
    await cp(path.join(FIXTURES_DIRECTORY, 'epa-template/DE'), path.join(root, 'DE'), { recursive: true });
    // In a folder, a file no reader knows is skipped, as the offline import skips it.
    await writeFile(path.join(root, 'DE', 'notes.csv'), 'note,author\nchecked,ada\n');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("names each CSV file by its path from the import root, so a tank file keeps its state's folder", async () => {
    const { form, files } = await importUploadForm([path.join(root, 'DE')], root);
    const parts = form.getAll('files') as File[];
    expect(parts.map((part) => part.name)).toEqual(['DE/UST/compartment.csv', 'DE/UST/facility.csv', 'DE/UST/piping.csv', 'DE/UST/tank.csv']);
    expect(files.map((file) => file.state)).toEqual(['DE', 'DE', 'DE', 'DE']);
    const facility = parts.find((part) => part.name === 'DE/UST/facility.csv')!;
    expect(facility.size).toBeGreaterThan(0);
    expect((await facility.text()).split('\n', 1)[0]).toMatch(/Facility/i);
  });

  it('sends a workbook and a state file read through two mappings once each, as they are named on disk', async () => {
    await cp(path.join(FIXTURES_DIRECTORY, 'epa-template-xlsx/UT'), path.join(root, 'UT'), { recursive: true });
    await cp(path.join(FIXTURES_DIRECTORY, 'state-native/WV'), path.join(root, 'WV'), { recursive: true });
    const { form, files } = await importUploadForm([path.join(root, 'UT'), path.join(root, 'WV')], root);
    const parts = form.getAll('files') as File[];
    expect(parts.map((part) => [part.name, part.type])).toEqual([
      ['UT/UT_UST_template_20250312182403.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['WV/facilities.csv', 'text/csv'],
    ]);
    // The import reads the workbook's data sheets and West Virginia's facilities and tanks.
    expect(files.map((file) => file.source)).toEqual(
      expect.arrayContaining(['UT/UT_UST_template_20250312182403.xlsx#Facility', 'UT/UT_UST_template_20250312182403.xlsx#Tank']),
    );
    expect(files.filter((file) => file.source === 'WV/facilities.csv').map((file) => file.format)).toEqual(['epa-facility', 'epa-tank']);
  });

  it('refuses a file given by name whose layout no reader knows, naming it from the root', async () => {
    await expect(importUploadForm([path.join(root, 'DE', 'notes.csv')], root)).rejects.toThrow(/^DE\/notes\.csv: not a known EPA template or UST Finder file/);
  });
});
