/** An instant to the second in the organization's time zone ('25 Nov 2026, 3:53:06 pm'), for logs. */
export function formatTimeIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'medium', timeZone }).format(
    new Date(iso),
  );
}
