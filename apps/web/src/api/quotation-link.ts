import type { PublicQuotation } from '@fieldport/contract/operations/quotations';
import { NETWORK_MESSAGE } from './client.ts';
import { callPublicRoute, refusalMessage } from './public-route.ts';

/**
 * A refusal of the quotation link's routes: 404 not valid, 410 expired or revised, 409 already
 * answered, 400 with the field (the comment). `message` is written for the customer.
 */
export class QuotationLinkError extends Error {
  override readonly name = 'QuotationLinkError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** What accepting or rejecting answers: the message to show and the quotation as it is now. */
export interface QuotationLinkAnswer {
  status: 'SUCCESS';
  status_message: string;
  quotation: PublicQuotation;
}

async function post<T>(action: 'read' | 'accept' | 'reject', body: Record<string, unknown>): Promise<T> {
  const called = await callPublicRoute(`/api/quotation-link/${action}`, body);
  if (!called) throw new QuotationLinkError(NETWORK_MESSAGE, 0, 'NETWORK');
  const { ok, status, answer } = called;
  if (!ok) {
    throw new QuotationLinkError(
      refusalMessage(status, answer),
      status,
      typeof answer.code === 'string' ? answer.code : 'ERROR',
      typeof answer.field === 'string' ? answer.field : undefined,
    );
  }
  return answer as T;
}

/** The public routes of a quotation's link (docs/quotations.md): the token is the proof. */
export const quotationLinkApi = {
  read: (token: string) => post<PublicQuotation>('read', { token }),
  accept: (token: string, comment: string) => post<QuotationLinkAnswer>('accept', { token, comment }),
  reject: (token: string, comment: string) => post<QuotationLinkAnswer>('reject', { token, comment }),
  /** The PDF as mailed, for the customer to keep. */
  pdfPath: (token: string) => `/api/quotation-link/pdf?token=${encodeURIComponent(token)}`,
};
