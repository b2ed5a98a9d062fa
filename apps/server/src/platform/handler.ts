import type { FastifyRequest } from 'fastify';
import type { DataOf, OperationDef, ParsedInputOf } from '@fieldport/contract/operation';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Identity } from '../auth/identity.ts';
import type { FileStore } from './files.ts';
import type { Mailer } from './mail.ts';
import type { Caller } from './caller.ts';
import type { PaymentProvider } from './payments.ts';
import type { Jobs } from './jobs.ts';

/** What a handler receives besides its validated input. `db` is the operation's transaction for mutations. */
export interface OperationContext {
  db: Db;
  caller: Caller;
  request: FastifyRequest;
  identity: Identity;
  mailer: Mailer;
  config: Config;
  files: FileStore;
  /** The payment provider recharges go through; null when none is configured (platform/payments.ts). */
  payments: PaymentProvider | null;
  /**
   * The durable jobs, to ask for a run now that work was queued (a download); absent outside a
   * request (seeding, a job's own context), where the job's schedule picks the work up.
   */
  jobs?: Pick<Jobs, 'runSoon'>;
  /**
   * Work to do once the operation's writes are committed, with a context on the database outside
   * the transaction: what must not keep the transaction's row locks (a mail after a claim, which
   * the other claimers would otherwise wait for). Runs before the answer; a failure is logged, the
   * answer stands. A refused operation runs none.
   */
  afterCommit(task: (committed: OperationContext) => Promise<void>): void;
  /** What the audit entry of a mutation names as its target (set by the handler). */
  auditTarget?: string;
  /**
   * The changed values the audit entry records, when the input is not the best account of them
   * (a before/after of the fields that changed; never a file's bytes). Secrets are redacted anyway.
   */
  auditChanges?: Record<string, unknown>;
}

interface HandlerResult<Data> {
  data: Data;
  message?: string;
}

export interface Handler<Op extends OperationDef = OperationDef> {
  operation: Op;
  handle(input: ParsedInputOf<Op>, context: OperationContext): Promise<HandlerResult<DataOf<Op>>>;
}

/** Binds a handler to its declared operation, so that input and result types come from the contract. */
export function defineHandler<Op extends OperationDef>(
  operation: Op,
  handle: (input: ParsedInputOf<Op>, context: OperationContext) => Promise<HandlerResult<DataOf<Op>>>,
): Handler<Op> {
  return { operation, handle };
}
