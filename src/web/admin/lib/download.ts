/** Offers a text as a downloaded file. */
export function downloadText(filename: string, text: string, type: string) {
  downloadBlob(filename, new Blob([text], { type }));
}

/** Offers a CSV (shared/csv.ts toCsv's text, BOM included) as a downloaded file. */
export const downloadCsv = (filename: string, csv: string) => downloadText(filename, csv, 'text/csv;charset=utf-8');

/** Offers bytes (a PDF or an export the API made) as a downloaded file. */
export function downloadBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
