import { categories, masterCategories, services } from '@fieldport/contract/operations/product-catalogue';
import { seedCategory, seedMasterCategory, seedService } from '../../db/seed/product-catalogue.ts';
import { unique } from '../../test/harness.ts';
import { masterFixtures, type FixtureRegistry, type FixtureWorld } from '../../test/tenant-fixture.ts';

// The catalogue's records of organization A, for the walls of graphql/permission-matrix.test.ts.

/** A ticket prefix nobody else has (26^5 of them): Q and five random letters. */
export const uniquePrefix = () =>
  `Q${Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;

const productsOfA = new WeakMap<FixtureWorld, Promise<{ id: string; name: string }>>();

/**
 * A product of A's catalogue (with its master category and category), made once per world, for
 * the fixtures of areas whose records name a product (fleet items, components).
 */
export function productOfA(world: FixtureWorld) {
  let product = productsOfA.get(world);
  if (!product) {
    product = (async () => {
      const organization_id = world.a.org.id;
      const master = await seedMasterCategory(world.db, { organization_id, name: unique('Fixture master ') });
      const category = await seedCategory(world.db, {
        organization_id,
        master_category_id: master.id,
        name: unique('Fixture category '),
        ticket_prefix: uniquePrefix(),
      });
      return seedService(world.db, {
        organization_id,
        category_id: category.id,
        name: unique('Fixture AC '),
        price_paise: 149_900,
      });
    })();
    productsOfA.set(world, product);
  }
  return product;
}

async function categoryOfA(world: FixtureWorld) {
  const master = (await world.asOwner(masterCategories.create, {
    master_category_name: unique('Fixture master '),
  })) as {
    items: { master_category_id: string }[];
  };
  const master_category_id = master.items[0].master_category_id;
  const category = (await world.asOwner(categories.create, {
    master_category_id,
    category_name: unique('Fixture category '),
    category_ticket_prefix: uniquePrefix(),
  })) as { items: { category_id: string }[] };
  return { master_category_id, category_id: category.items[0].category_id };
}

export const productCatalogueFixtures: FixtureRegistry = {
  ...masterFixtures(masterCategories, async () => (name) => ({ master_category_name: name })),
  // A category names a master category of A: from B, that one is not found either.
  ...masterFixtures(categories, async (world) => {
    const { master_category_id } = await categoryOfA(world);
    return (name) => ({ master_category_id, category_name: name, category_ticket_prefix: uniquePrefix() });
  }),
  ...masterFixtures(services, async (world) => {
    const { category_id } = await categoryOfA(world);
    return (name) => ({ category_id, service_name: name, service_price: 149_900 });
  }),
};
