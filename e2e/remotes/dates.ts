const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as `<input type="datetime-local">` wants it, in the browser's (and test's) local time. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
