/**
 * A payment provider (docs/credits.md#buying-credits): what collects the money for a recharge. The
 * portal ships none: a gateway cannot run here. The server's builder takes one (tests pass a fake
 * behind this interface); without one, recharging is refused and the screen says so.
 */
export interface PaymentProvider {
  /** Shown on the Transactions screen and kept with each recharge. */
  name: string;
  /**
   * Collects `amount_paise` for the organization. `idempotency_key` is the recharge's own id: a
   * provider charges a key once however often it is asked.
   */
  charge(request: {
    organization_id: string;
    amount_paise: number;
    description: string;
    idempotency_key: string;
  }): Promise<{ ok: true; reference: string } | { ok: false; reason: string }>;
}
