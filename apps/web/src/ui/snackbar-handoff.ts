/** The two kinds of message the app shows (docs/product.md#messages: errors red, successes green). */
export type SnackbarVariant = 'success' | 'error';

export interface HandedOverMessage {
  message: string;
  variant: SnackbarVariant;
}

let waiting: HandedOverMessage | null = null;

/**
 * Leaves a message for the next screen to show: the login page has its own light snackbar
 * (ui/light-snackbar.tsx) and the signed-in screens theirs (ui/snackbars.tsx), so a message that
 * must outlive the login page ("Logged in", docs/architecture.md#what-each-screen-loads) is
 * handed over here and shown by the snackbars of the screen that opens next.
 */
export function handOver(message: string, variant: SnackbarVariant): void {
  waiting = { message, variant };
}

/** The message handed over, if any; it is shown once. */
export function takeHandedOver(): HandedOverMessage | null {
  const message = waiting;
  waiting = null;
  return message;
}
