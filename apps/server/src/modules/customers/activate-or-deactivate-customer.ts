import { and, eq } from 'drizzle-orm';
import { ActivateOrDeactivateCustomer, CUSTOMER_MESSAGES } from '@fieldport/contract/operations/customers';
import { customer } from '../../db/schema/customers.ts';
import { defineHandler } from '../../platform/handler.ts';
import { answerWith, findCustomer } from './customer-rules.ts';

export const activateOrDeactivateCustomer = defineHandler(
  ActivateOrDeactivateCustomer,
  async (input, context) => {
    const existing = await findCustomer(context.db, context.caller, input.customer_id);
    await context.db
      .update(customer)
      .set({ status: input.customer_status, updated_at: new Date() })
      .where(and(eq(customer.id, existing.id), eq(customer.organization_id, existing.organization_id)));
    return answerWith(
      context,
      existing.id,
      CUSTOMER_MESSAGES.statusChanged(existing.name, input.customer_status),
    );
  },
);
