import { describe, expect, it } from 'vitest';
import { UploadNames } from './upload-names.js';

function refusal(...names: string[]): string | null {
  const upload = new UploadNames();
  try {
    for (const name of names) upload.claim(name, `x.zip: ${name}`);
    return null;
  } catch (error) {
    return `${(error as { statusCode: number }).statusCode} ${(error as Error).message}`;
  }
}

describe('the names of one upload', () => {
  it('takes files side by side and in folders', () => {
    expect(refusal('DE/UST/tank.csv', 'DE/UST/facility.csv', 'DE/release.csv', 'VA/UST/tank.csv')).toBeNull();
  });

  it('refuses a name sent twice', () => {
    expect(refusal('DE/UST/tank.csv', 'DE/UST/tank.csv')).toBe('400 x.zip: DE/UST/tank.csv: the upload already holds a file of that name');
  });

  it('refuses a file and a folder of one name, in either order and at any depth', () => {
    expect(refusal('a.csv', 'a.csv/b.csv')).toBe('400 x.zip: a.csv/b.csv: the upload holds both a file and a folder named a.csv');
    expect(refusal('a.csv/b.csv', 'a.csv')).toBe('400 x.zip: a.csv: the upload holds both a file and a folder named a.csv');
    expect(refusal('DE/UST', 'DE/UST/x/tank.csv')).toBe('400 x.zip: DE/UST/x/tank.csv: the upload holds both a file and a folder named DE/UST');
    expect(refusal('DE/UST/x/tank.csv', 'DE/UST')).toBe('400 x.zip: DE/UST: the upload holds both a file and a folder named DE/UST');
  });
});
