import { CUSTOMER_MESSAGES, GetCustomer } from '@fieldport/contract/operations/customers';
import { defineHandler } from '../../platform/handler.ts';
import { notFound } from '../../platform/errors.ts';
import { readCustomerDetail } from './list-customers.ts';

export const getCustomer = defineHandler(GetCustomer, async (input, { db, caller }) => {
  const detail = await readCustomerDetail(db, caller, input.customer_id);
  if (!detail) throw notFound(CUSTOMER_MESSAGES.notFound);
  return { data: { items: [detail] } };
});
