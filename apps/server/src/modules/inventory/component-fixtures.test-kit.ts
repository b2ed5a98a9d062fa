import { COMPONENT_IMPORT } from '@fieldport/contract/component-import';
import { XLSX_MIME } from '@fieldport/contract/imports';
import {
  ActivateOrDeactivateServiceCenter,
  ConfirmComponentImport,
  components,
  CreateServiceCenter,
  GetComponentImport,
  List_Components,
  ListServiceCenters,
  UpdateServiceCenter,
  type ServiceCenterItem,
} from '@fieldport/contract/operations/inventory';
import { unique } from '../../test/harness.ts';
import {
  masterFixtures,
  type FixtureRegistry,
  type FixtureWorld,
  type Target,
} from '../../test/tenant-fixture.ts';
import { upload, workbook } from '../customers/customer.test-kit.ts';
import { productOfA } from '../product-catalogue/tenant-fixtures.test-kit.ts';

// Components and stores of organization A for the walls of graphql/permission-matrix.test.ts.
// Components are the organization's; most stores here are run by A's service partner, so that
// another partner's users must be kept out as well as organization B's owner.

/** A components workbook of two new part numbers, uploaded by A's owner (not confirmed). */
async function ownerComponentImport(world: FixtureWorld) {
  const product = await productOfA(world);
  const fileName = `Fixture ${unique('ci')}.xlsx`;
  const answer = await upload(
    world.app,
    await world.cookieOf(world.a.members.OWNER.email),
    await workbook(
      [1, 2].map((n) => ({
        part_number: unique('FXP').toUpperCase(),
        component_name: `Fixture part ${n}`,
        component_price: '120.50',
        tax_rate: '18',
        products: product.name,
      })),
      { spec: COMPONENT_IMPORT },
    ),
    fileName,
    XLSX_MIME,
    COMPONENT_IMPORT,
  );
  const last = answer.lines[answer.lines.length - 1];
  if (last?.type !== 'done') throw new Error(`The fixture's upload failed: ${JSON.stringify(answer)}`);
  return { id: last.import.import_id, fileName };
}

const componentCount = (world: FixtureWorld) => async () =>
  ((await world.asOwner(List_Components, { status: 'ALL' })) as { total_count: number }).total_count;

/** A store's fields; `party_id` names the partner that runs it (null: A's own). */
function storeInput(name: string, partyId: string | null) {
  return {
    service_center_name: name,
    party_id: partyId,
    address: '5, Residency Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560025',
    phone: '9845098450',
    manager_user_ids: [],
  };
}

/** A store of A run by A's partner, made by A's owner, and how to read it back. */
async function partnerStore(world: FixtureWorld) {
  const tag = unique('st');
  const name = `Fixture store ${tag}`;
  const data = (await world.asOwner(CreateServiceCenter, storeInput(name, world.a.partner.id))) as {
    items: ServiceCenterItem[];
  };
  const id = data.items[0].service_center_id;
  const read = async () =>
    (
      (await world.asOwner(ListServiceCenters, { search: tag, status: 'ALL' })) as {
        items: ServiceCenterItem[];
      }
    ).items.find((item) => item.service_center_id === id) ?? null;
  return { id, name, tag, read };
}

function onPartnerStore(
  input: (store: { id: string; tag: string }, world: FixtureWorld) => Record<string, unknown>,
): { arrange: (world: FixtureWorld) => Promise<Target> } {
  return {
    async arrange(world) {
      const store = await partnerStore(world);
      return {
        input: input(store, world),
        traces: [store.id],
        state: store.read,
        owner: 'partner',
        rightful: 'SERVICE_PARTNER',
      };
    },
  };
}

export const componentFixtures: FixtureRegistry = {
  ...masterFixtures(components, async (world) => {
    const product = await productOfA(world);
    return (name) => ({
      component_name: name,
      part_number: unique('FX').toUpperCase(),
      unit: 'NOS',
      component_price: 45_000,
      tax_rate: 18,
      hsn_code: '85322200',
      service_ids: [product.id],
      reorder_level: 5,
      component_files: [],
    });
  }),
  [ListServiceCenters.name]: {
    async arrange(world) {
      const store = await partnerStore(world);
      return {
        input: { search: store.tag },
        traces: [store.id, store.name],
        state: store.read,
        owner: 'partner',
        rightful: 'SERVICE_PARTNER',
      };
    },
  },
  // Intruders naming A's partner are refused (B: not its partner; another partner: not theirs);
  // A's partner's own user adds a store for their partner.
  [CreateServiceCenter.name]: {
    async arrange(world) {
      const count = async () =>
        ((await world.asOwner(ListServiceCenters, { status: 'ALL' })) as { total_count: number }).total_count;
      return {
        input: storeInput(`Fixture store ${unique('sc')}`, world.a.partner.id),
        traces: [world.a.org.id, world.a.partner.id],
        state: count,
        owner: 'partner',
        rightful: 'SERVICE_PARTNER',
      };
    },
  },
  [UpdateServiceCenter.name]: onPartnerStore((store, world) => ({
    service_center_id: store.id,
    ...storeInput(`Renamed ${store.tag}`, world.a.partner.id),
  })),
  [ActivateOrDeactivateServiceCenter.name]: onPartnerStore((store) => ({
    service_center_id: store.id,
    service_center_status: 'INACTIVE',
  })),
  [GetComponentImport.name]: {
    async arrange(world) {
      const { id, fileName } = await ownerComponentImport(world);
      return {
        input: { import_id: id },
        traces: [id, fileName],
        state: async () =>
          ((await world.asOwner(GetComponentImport, { import_id: id })) as { items: unknown[] }).items,
      };
    },
  },
  [ConfirmComponentImport.name]: {
    async arrange(world) {
      const { id } = await ownerComponentImport(world);
      return { input: { import_id: id }, traces: [id], state: componentCount(world) };
    },
  },
};
