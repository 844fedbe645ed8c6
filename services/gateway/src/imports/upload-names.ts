/**
 * The names one upload writes, across its files and the entries of its ZIPs. Two names that
 * cannot both be on disk are refused before either is written, rather than failing in the file
 * system: the same name twice, or a file and a folder of one name (`a.csv` beside `a.csv/b.csv`).
 */
import { shownName, UploadError } from './upload-rules.js';

export class UploadNames {
  private readonly files = new Set<string>();
  private readonly folders = new Set<string>();

  /** Takes `relative` (a safe relative path) for the file `label` names; throws an UploadError if it clashes with a name taken before. */
  claim(relative: string, label: string): void {
    if (this.files.has(relative)) throw new UploadError(400, `${label}: the upload already holds a file of that name`);
    if (this.folders.has(relative)) throw bothFileAndFolder(label, relative);
    const folders = foldersOf(relative);
    const clash = folders.find((folder) => this.files.has(folder));
    if (clash !== undefined) throw bothFileAndFolder(label, clash);
    this.files.add(relative);
    for (const folder of folders) this.folders.add(folder);
  }
}

/** `DE/UST/tank.csv` -> `DE`, `DE/UST`. */
function foldersOf(relative: string): string[] {
  const segments = relative.split('/');
  return segments.slice(0, -1).map((_, index) => segments.slice(0, index + 1).join('/'));
}

const bothFileAndFolder = (label: string, name: string) => new UploadError(400, `${label}: the upload holds both a file and a folder named ${shownName(name)}`);
