/** Hands a downloaded file to the browser's downloads through a temporary object URL. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has handed the URL to the download; revoking at once can cancel it in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
