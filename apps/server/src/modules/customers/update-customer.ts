import { and, eq } from 'drizzle-orm';
import { CUSTOMER_MESSAGES, UpdateCustomer } from '@fieldport/contract/operations/customers';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import { defineHandler } from '../../platform/handler.ts';
import {
  answerWith,
  checkCategory,
  findCustomer,
  locationColumns,
  phoneColumns,
  refuseTakenPhone,
  writeCustomer,
} from './customer-rules.ts';

export const updateCustomer = defineHandler(UpdateCustomer, async (input, context) => {
  const { db, caller } = context;
  // Scope first: another party's or organization's customer is NOT_FOUND whatever else is wrong.
  const existing = await findCustomer(db, caller, input.customer_id);
  await checkCategory(db, caller, input.customer_category_id, existing.customer_category_id);
  const phone = phoneColumns(input.customer_phone, input.phone_country);
  await refuseTakenPhone(db, caller, phone.phone, existing.id);
  await writeCustomer(phone.phone, () =>
    db
      .update(customer)
      .set({
        name: input.customer_name,
        ...phone,
        email: input.customer_email,
        customer_category_id: input.customer_category_id,
        updated_at: new Date(),
      })
      .where(and(eq(customer.id, existing.id), eq(customer.organization_id, existing.organization_id))),
  );
  await db
    .update(customerLocation)
    .set({ ...locationColumns(input.primary_location), updated_at: new Date() })
    .where(and(eq(customerLocation.customer_id, existing.id), eq(customerLocation.is_primary, true)));
  return answerWith(context, existing.id, CUSTOMER_MESSAGES.updated(input.customer_name));
});
