import { hashPassword } from 'better-auth/crypto';
import type { Role } from '@fieldport/contract/roles';
import type { Db } from '../client.ts';
import { account, member, user } from '../schema/identity.ts';
import { newId } from '../ids.ts';
import { generateIndianCustomers } from './customers.ts';

/**
 * Many members at once (bench/people.bench.ts): people with Indian names and mobile numbers (the
 * customers' generator), a password sign-in each (one hash shared, hashing is what makes
 * seedMember slow), written in batches. `tag` keeps the emails of two calls apart.
 */
export async function seedPeople(
  db: Db,
  values: {
    organizationId: string;
    count: number;
    role: Role;
    password: string;
    tag: string;
    party_id?: string | null;
    batchSize?: number;
  },
): Promise<number> {
  const hash = await hashPassword(values.password);
  const people = generateIndianCustomers(values.count, 4099).map((person, index) => {
    // Businesses among the generated customers are named "Shop, Locality": people are not.
    const name = person.name.includes(',') ? `Person ${index}` : person.name;
    return {
      name,
      email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${values.tag}${index}@people.example`,
      phone: `+91${person.phone.replace(/\D/g, '')}`,
    };
  });
  const batchSize = values.batchSize ?? 1000;
  for (let start = 0; start < people.length; start += batchSize) {
    const batch = people.slice(start, start + batchSize).map((person) => ({ ...person, id: newId() }));
    await db.transaction(async (tx) => {
      await tx.insert(user).values(
        batch.map((person) => ({
          id: person.id,
          name: person.name,
          email: person.email,
          emailVerified: true,
        })),
      );
      await tx.insert(account).values(
        batch.map((person) => ({
          id: newId(),
          accountId: person.id,
          providerId: 'credential',
          userId: person.id,
          password: hash,
        })),
      );
      await tx.insert(member).values(
        batch.map((person) => ({
          id: newId(),
          organizationId: values.organizationId,
          userId: person.id,
          role: values.role,
          party_id: values.party_id ?? null,
          phone_number: person.phone,
        })),
      );
    });
  }
  return people.length;
}
