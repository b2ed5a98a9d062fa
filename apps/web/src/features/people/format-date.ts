const DATE = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/** A day as the people lists show it ('22 Nov 2026'); the time of an invitation matters little there. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}
