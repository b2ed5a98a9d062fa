import type { Db } from '../client.ts';
import { newId } from '../ids.ts';
import { vendor } from '../schema/purchasing.ts';

// Vendors made the way the product makes them; shared by the demo seed and the tests.

export interface SeedVendor {
  organization_id: string;
  name: string;
  gstin?: string | null;
  contact_person?: string | null;
  phone?: string | null;
  email?: string | null;
  address: string;
  city: string;
  state: string;
  pincode: string;
}

export async function seedVendor(db: Db, values: SeedVendor) {
  const [row] = await db
    .insert(vendor)
    .values({
      id: newId(),
      ...values,
      gstin: values.gstin ?? null,
      contact_person: values.contact_person ?? null,
      phone: values.phone ?? null,
      email: values.email ?? null,
    })
    .returning();
  return row;
}

/** The demo organization's vendor of AC spares (its GSTIN is a valid Karnataka one). */
export function demoVendor(organization_id: string): SeedVendor {
  return {
    organization_id,
    name: 'CoolAir Spares Pvt Ltd',
    gstin: '29ABCDE1234F1ZW',
    contact_person: 'Ramesh Iyer',
    phone: '9845012345',
    email: 'orders@coolair-spares.example',
    address: '42, 3rd Cross, Peenya Industrial Area Phase 2',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560058',
  };
}
