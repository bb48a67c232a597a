/** "2.4 MB", "312 KB" in the reader's locale. */
export function formatBytes(bytes: number, locale: string): string {
  const format = (value: number, unit: 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
  return bytes >= 1024 * 1024 ? format(bytes / 1024 / 1024, 'megabyte') : format(Math.max(bytes / 1024, 0.1), 'kilobyte');
}
