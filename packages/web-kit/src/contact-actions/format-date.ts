/** 'May 19, 2026' in the reader's locale conventions. */
export function format(date: string | Date): string {
  return new Date(date).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
