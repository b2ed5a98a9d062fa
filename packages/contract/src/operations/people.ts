import { z } from 'zod';
import { emailSchema } from '../auth.ts';
import {
  listInput,
  recordStatusSchema,
  statusFilterSchema,
  type PageData,
  type RecordStatus,
} from '../lists.ts';
import { optionalGstinSchema } from '../gst.ts';
import { idSchema, nameSchema } from '../masters.ts';
import { mutation, query, type ItemsData } from '../operation.ts';
import { checkPhone, formatPhoneInternational } from '../phone.ts';
import { DESIGNATION_ROLES, isDesignationRole, roleLabel, ROLES, type Role } from '../roles.ts';

/**
 * People (docs/people.md; List_Users, List_Representatives, TransferOwnerShip): the memberships of
 * an organization, seen through ten screens. Each screen is a user group: the menu names whose
 * rights guard it, the roles it lists and may give, and the kind of party its members belong to.
 * The operations take the group, so that the server checks the screen's own module (a right on
 * 'Technicians' does not reach the organization's admins).
 */

/**
 * PENDING: invited, not yet accepted (a person who already signs in elsewhere joins only when they
 * accept, docs/people.md#invitations); the inviter sees only the email until then.
 */
export const USER_STATUSES = ['ACTIVE', 'INACTIVE', 'INVALID', 'PENDING'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Deactivated',
  INVALID: 'Invalid',
  PENDING: 'Invitation pending',
};

export const PARTY_KINDS = ['SERVICE_PARTNER', 'DEALER'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];

export const PARTY_KIND_LABELS: Record<PartyKind, string> = {
  SERVICE_PARTNER: 'Service partner',
  DEALER: 'Dealer',
};

/** The organization's own staff (docs/product.md#roles-and-parties). */
export const STAFF_ROLES: readonly Role[] = ['OWNER', 'ADMIN', ...DESIGNATION_ROLES];

/** The owner's role is never given by a form: only TransferOwnerShip hands it over. */
const INVITABLE_STAFF_ROLES: readonly Role[] = STAFF_ROLES.filter((role) => role !== 'OWNER');

/** The role of a party's owner, who manages the party's own agents and representatives. */
export const PARTY_OWNER_ROLE: Record<PartyKind, Role> = {
  SERVICE_PARTNER: 'SERVICE_PARTNER',
  DEALER: 'DEALER_OWNER',
};

/**
 * The parties a membership of a role may belong to (docs/product.md#roles-and-parties): agents and
 * owners to their kind of party, representatives to either, technicians to the organization itself
 * or to a service partner (who assigns its tickets on to its own technicians), staff to none.
 */
export function partyKindsOf(role: Role): { kinds: readonly PartyKind[]; required: boolean } {
  switch (role) {
    case 'SERVICE_PARTNER':
    case 'PARTNER_AGENT':
      return { kinds: ['SERVICE_PARTNER'], required: true };
    case 'DEALER_OWNER':
    case 'DEALER_AGENT':
      return { kinds: ['DEALER'], required: true };
    case 'REPRESENTATIVE':
      return { kinds: ['SERVICE_PARTNER', 'DEALER'], required: true };
    case 'TECHNICIAN':
      return { kinds: ['SERVICE_PARTNER'], required: false };
    default:
      return { kinds: [], required: false };
  }
}

const USER_GROUP_KEYS = [
  'STAFF',
  'TECHNICIANS',
  'PARTNER_AGENTS',
  'PARTNER_REPRESENTATIVES',
  'DEALER_AGENTS',
  'DEALER_REPRESENTATIVES',
  'REPS_AND_AGENTS',
  'SERVICE_PARTNER_OWNERS',
  'DEALER_OWNERS',
  'INVALID',
] as const;
export type UserGroupKey = (typeof USER_GROUP_KEYS)[number];

export interface UserGroup {
  key: UserGroupKey;
  /** The screen (docs/people.md#screens-are-user-groups). */
  route: string;
  title: string;
  /** 'technician', 'service co-ordinator' ...: used in buttons and messages. */
  noun: string;
  /**
   * The menu names whose rights guard the group (menus.ts): the organization's name first, then
   * the name the party's own menu gives the same page.
   */
  modules: readonly string[];
  /** The roles the group lists. */
  roles: readonly Role[];
  /** The roles a create or a change of role may give here; the first is the form's default. */
  assignable: readonly Role[];
  /** The kinds of party the group's members may belong to (with their role's, partyKindsOf). */
  partyKinds: readonly PartyKind[];
  /**
   * The kind of party whose owner may manage this group within their own party; null: only the
   * organization's staff use it.
   */
  partyOwnerKind: PartyKind | null;
  /** The group of members marked invalid (/InvalidUsers) instead of active and deactivated ones. */
  invalid: boolean;
}

const group = (values: Omit<UserGroup, 'invalid'> & { invalid?: boolean }): UserGroup => ({
  invalid: false,
  ...values,
});

export const USER_GROUPS: Record<UserGroupKey, UserGroup> = {
  STAFF: group({
    key: 'STAFF',
    route: '/EnterpriseUsers',
    title: 'Users',
    noun: 'user',
    modules: ['Users'],
    roles: STAFF_ROLES,
    assignable: ['AGENT', ...INVITABLE_STAFF_ROLES.filter((role) => role !== 'AGENT')],
    partyKinds: [],
    partyOwnerKind: null,
  }),
  TECHNICIANS: group({
    key: 'TECHNICIANS',
    route: '/EnterpriseTechnicians',
    title: 'Technicians',
    noun: 'technician',
    modules: ['Technicians'],
    roles: ['TECHNICIAN'],
    assignable: ['TECHNICIAN'],
    partyKinds: ['SERVICE_PARTNER'],
    partyOwnerKind: null,
  }),
  PARTNER_AGENTS: group({
    key: 'PARTNER_AGENTS',
    route: '/PartnerServiceCoOrdinators',
    title: 'Service Co-Ordinators',
    noun: 'service co-ordinator',
    modules: ['Partner Service Co-Ordinators', 'Service Co-Ordinators'],
    roles: ['PARTNER_AGENT'],
    assignable: ['PARTNER_AGENT'],
    partyKinds: ['SERVICE_PARTNER'],
    partyOwnerKind: 'SERVICE_PARTNER',
  }),
  PARTNER_REPRESENTATIVES: group({
    key: 'PARTNER_REPRESENTATIVES',
    route: '/PartnerRepresentatives',
    title: 'Representatives',
    noun: 'representative',
    modules: ['Partner Representatives', 'Representatives'],
    roles: ['REPRESENTATIVE'],
    assignable: ['REPRESENTATIVE'],
    partyKinds: ['SERVICE_PARTNER'],
    partyOwnerKind: 'SERVICE_PARTNER',
  }),
  DEALER_AGENTS: group({
    key: 'DEALER_AGENTS',
    route: '/DealerAgent',
    title: 'Service Co-Ordinators',
    noun: 'service co-ordinator',
    modules: ['Dealer Service Co-Ordinators', 'Service Co-Ordinators'],
    roles: ['DEALER_AGENT'],
    assignable: ['DEALER_AGENT'],
    partyKinds: ['DEALER'],
    partyOwnerKind: 'DEALER',
  }),
  DEALER_REPRESENTATIVES: group({
    key: 'DEALER_REPRESENTATIVES',
    route: '/DealerRepresentative',
    title: 'Representatives',
    noun: 'representative',
    modules: ['Dealer Representatives', 'Representatives'],
    roles: ['REPRESENTATIVE'],
    assignable: ['REPRESENTATIVE'],
    partyKinds: ['DEALER'],
    partyOwnerKind: 'DEALER',
  }),
  REPS_AND_AGENTS: group({
    key: 'REPS_AND_AGENTS',
    route: '/AllRepsAndAgents',
    title: 'Reps And Agents',
    noun: 'representative or agent',
    modules: ['Reps And Agents'],
    roles: ['PARTNER_AGENT', 'DEALER_AGENT', 'REPRESENTATIVE'],
    assignable: ['REPRESENTATIVE', 'PARTNER_AGENT', 'DEALER_AGENT'],
    partyKinds: ['SERVICE_PARTNER', 'DEALER'],
    partyOwnerKind: null,
  }),
  // The owners of parties are made with their party (CreateServicePartner, CreateDealer); these
  // groups let the partner and dealer screens resend an owner's invitation or suspend the owner.
  SERVICE_PARTNER_OWNERS: group({
    key: 'SERVICE_PARTNER_OWNERS',
    route: '/ServicePartners',
    title: 'Service Partners',
    noun: 'service partner owner',
    modules: ['Service Partners'],
    roles: ['SERVICE_PARTNER'],
    assignable: [],
    partyKinds: ['SERVICE_PARTNER'],
    partyOwnerKind: null,
  }),
  DEALER_OWNERS: group({
    key: 'DEALER_OWNERS',
    route: '/DealersView',
    title: 'Dealers',
    noun: 'dealer owner',
    modules: ['Dealers'],
    roles: ['DEALER_OWNER'],
    assignable: [],
    partyKinds: ['DEALER'],
    partyOwnerKind: null,
  }),
  INVALID: group({
    key: 'INVALID',
    route: '/InvalidUsers',
    title: 'Invalid Users',
    noun: 'user',
    modules: ['Invalid Users'],
    roles: ROLES,
    assignable: [],
    partyKinds: ['SERVICE_PARTNER', 'DEALER'],
    partyOwnerKind: null,
    invalid: true,
  }),
};

/** The groups List_Representatives serves, by the kind of party. */
export const REPRESENTATIVE_GROUPS: Record<PartyKind, UserGroupKey> = {
  SERVICE_PARTNER: 'PARTNER_REPRESENTATIVES',
  DEALER: 'DEALER_REPRESENTATIVES',
};

const LIST_USER_GROUPS = USER_GROUP_KEYS.filter(
  (key) => key !== 'PARTNER_REPRESENTATIVES' && key !== 'DEALER_REPRESENTATIVES',
);

const modulesOf = (keys: readonly UserGroupKey[]) => [
  ...new Set(keys.flatMap((key) => USER_GROUPS[key].modules)),
];

// ---------------------------------------------------------------------------------------------
// Items

/** One membership as the people screens show it. `user_id` is the person's id. */
export interface UserItem {
  user_id: string;
  user_name: string;
  user_email_id: string;
  /** E.164 (+919876543210), or null. */
  user_phone_number: string | null;
  user_type: Role;
  user_status: UserStatus;
  designation_id: string | null;
  designation_name: string | null;
  party_id: string | null;
  party_name: string | null;
  party_kind: PartyKind | null;
  /** The person has not yet replaced the temporary password: the invitation can be sent again. */
  invitation_pending: boolean;
  /** When the last invitation was mailed from this organization. */
  invited_on: string | null;
  user_created_on: string;
}

/** A service partner or a dealer with its owner (the member with the party's owner role). */
export interface PartyItem {
  party_id: string;
  party_name: string;
  party_kind: PartyKind;
  /** Stored as SUSPENDED when inactive: the party's users are then 'Temporarily Suspended'. */
  party_status: RecordStatus;
  /** The party's GSTIN (its state is the GSTIN's); null: not registered for GST. */
  party_gstin: string | null;
  party_created_on: string;
  owner_user_id: string | null;
  owner_name: string | null;
  owner_email_id: string | null;
  owner_phone_number: string | null;
  owner_status: UserStatus | null;
  owner_invitation_pending: boolean;
  /** The party's members that are not invalid, owner included. */
  user_count: number;
}

// ---------------------------------------------------------------------------------------------
// Fields

const userGroupSchema = z.enum(USER_GROUP_KEYS, {
  error: `user_group must be one of ${USER_GROUP_KEYS.join(', ')}`,
});

const roleSchema = z.enum(ROLES, { error: 'Role is required' });

/**
 * An optional phone number: empty means none; otherwise a valid number, Indian unless it starts
 * with +country (the default country code is India, +91), kept in E.164.
 */
const optionalPhoneSchema = (label = 'Phone number') =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(32, `${label} must be at most 32 characters`)
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const checked = checkPhone(value);
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }
      return checked.e164;
    });

/** How a stored (E.164) number is shown: '+91 98765 43210'; nothing for none. */
export function formatPhone(value: string | null | undefined): string {
  return value ? formatPhoneInternational(value) : '';
}

/** An optional reference: empty (a form's "None") or missing means none. */
const optionalId = (field: string) =>
  z
    .preprocess((value) => (value === '' ? null : value), idSchema(field).nullish())
    .transform((value) => value ?? null);

/** The fields a person fills in on a user form (the web form picks from these). */
const userFields = {
  user_name: nameSchema('Name', 100),
  user_phone_number: optionalPhoneSchema(),
  user_type: roleSchema,
  /** Required for the roles of DESIGNATION_ROLES; ignored for the others. */
  designation_id: optionalId('designation_id'),
  /** The service partner or dealer; for a partner's or dealer's owner, always their own party. */
  party_id: optionalId('party_id'),
};

/** The rules across a user form's fields that need nothing but the form (the server adds the rest). */
function checkUserFields(
  values: { user_group: UserGroupKey; user_type: Role; designation_id: string | null },
  ctx: z.RefinementCtx,
  roles: 'assignable' | 'listed',
) {
  const groupRule = USER_GROUPS[values.user_group];
  const allowed = roles === 'assignable' ? groupRule.assignable : groupRule.roles;
  if (allowed.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['user_group'],
      message: groupRule.key.endsWith('_OWNERS')
        ? `An owner is added with their ${groupRule.noun.replace(' owner', '')}`
        : `Nobody can be added on the ${groupRule.title} screen`,
    });
    return;
  }
  if (!allowed.includes(values.user_type)) {
    ctx.addIssue({
      code: 'custom',
      path: ['user_type'],
      message: `Role must be one of: ${allowed.map(roleLabel).join(', ')}`,
    });
  }
  // docs/product.md#roles-and-parties: these roles are refused at sign-in without a designation, so
  // they get one here.
  if (isDesignationRole(values.user_type) && !values.designation_id) {
    ctx.addIssue({
      code: 'custom',
      path: ['designation_id'],
      message: 'Designation is required for this role',
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Lists

export const USER_SORT_KEYS = [
  'user_name',
  'user_email_id',
  'user_type',
  'user_status',
  'designation_name',
  'party_name',
  'user_created_on',
] as const;

export const List_Users = query<PageData<UserItem>>()({
  name: 'List_Users',
  access: { module: modulesOf(LIST_USER_GROUPS), right: 'VIEW' },
  description:
    "A page of one people screen's members (user_group): search by name, email, phone or party; status, role and party filters.",
  input: listInput({
    sortBy: USER_SORT_KEYS,
    defaultSortBy: 'user_name',
    filters: {
      user_group: z.enum(LIST_USER_GROUPS as [UserGroupKey, ...UserGroupKey[]], {
        error: `user_group must be one of ${LIST_USER_GROUPS.join(', ')}`,
      }),
      status: statusFilterSchema,
      user_type: roleSchema.optional(),
      party_id: idSchema('party_id').optional(),
    },
  }),
});

export const List_Representatives = query<PageData<UserItem>>()({
  name: 'List_Representatives',
  access: { module: modulesOf(Object.values(REPRESENTATIVE_GROUPS)), right: 'VIEW' },
  description:
    "A page of the representatives of service partners or of dealers (party_kind); a party's users see their own.",
  input: listInput({
    sortBy: USER_SORT_KEYS,
    defaultSortBy: 'user_name',
    filters: {
      party_kind: z.enum(PARTY_KINDS, { error: 'party_kind must be SERVICE_PARTNER or DEALER' }),
      status: statusFilterSchema,
      party_id: idSchema('party_id').optional(),
    },
  }),
});

// ---------------------------------------------------------------------------------------------
// Changes to members

const ALL_GROUP_MODULES = modulesOf(USER_GROUP_KEYS);

const target = {
  user_group: userGroupSchema,
  user_id: idSchema('user_id'),
};

export const createUserInput = z
  .object({ user_group: userGroupSchema, user_email_id: emailSchema, ...userFields })
  .strict()
  .superRefine((values, ctx) => checkUserFields(values, ctx, 'assignable'));

export const CreateUser = mutation<ItemsData<UserItem>>()({
  name: 'CreateUser',
  access: { module: ALL_GROUP_MODULES, right: 'CREATE' },
  description:
    'Adds a member on a people screen and mails the invitation: a new person gets a temporary password to change at first sign-in; a known email keeps its password.',
  input: createUserInput,
});

export const updateUserInput = z
  .object({ ...target, ...userFields })
  .strict()
  .superRefine((values, ctx) => checkUserFields(values, ctx, 'listed'));

export const UpdateUser = mutation<ItemsData<UserItem>>()({
  name: 'UpdateUser',
  access: { module: ALL_GROUP_MODULES, right: 'EDIT' },
  description:
    "Changes a member's name, phone, role, designation or party (never their own role, never the owner's).",
  input: updateUserInput,
});

export const ActivateOrDeactivateUser = mutation<ItemsData<UserItem>>()({
  name: 'ActivateOrDeactivateUser',
  access: { module: ALL_GROUP_MODULES, right: 'EDIT' },
  description:
    'Activates or deactivates a member (an invalid one is restored); deactivated members cannot sign in (Temporarily Suspended).',
  input: z.object({ ...target, user_status: recordStatusSchema('user_status') }).strict(),
});

export const MarkUserAsInvalid = mutation<ItemsData<UserItem>>()({
  name: 'MarkUserAsInvalid',
  access: { module: ALL_GROUP_MODULES, right: 'DELETE' },
  description:
    'Marks a member invalid: they leave every list but Invalid Users and cannot sign in (Not Found).',
  input: z.object(target).strict(),
});

export const ResendInvitation = mutation<ItemsData<UserItem>>()({
  name: 'ResendInvitation',
  access: { module: ALL_GROUP_MODULES, right: 'EDIT' },
  description: 'Mails a new temporary password to a member who has not yet replaced theirs.',
  input: z.object(target).strict(),
});

// ---------------------------------------------------------------------------------------------
// Accepting an invitation (public routes POST /api/invitations/read, /accept, /decline)

/** The body of the invitation routes: the token of the mailed link. */
export const invitationTokenBody = z
  .object({
    token: z
      .string({ error: 'The invitation link is incomplete. Open it from the mail again.' })
      .regex(/^[A-Za-z0-9_-]{20,100}$/, 'The invitation link is incomplete. Open it from the mail again.'),
  })
  .strict();

/** What the acceptance page shows: only what the mail already said. */
export interface InvitationDetails {
  organization_name: string;
  party_name: string | null;
  /** As the header shows roles (underscores as spaces). */
  role: string;
  email: string;
  expires_on: string;
}

export const TransferOwnerShip = mutation<ItemsData<UserItem>>()({
  name: 'TransferOwnerShip',
  access: { module: 'Users', right: 'EDIT' },
  description: 'The owner hands the OWNER role to another active staff member and becomes ADMIN.',
  input: z.object({ user_id: idSchema('user_id') }).strict(),
});

// ---------------------------------------------------------------------------------------------
// Parties: service partners and dealers, each with its owner

export interface PartyScreen<Plural extends string, Singular extends string> {
  kind: PartyKind;
  plural: Plural;
  singular: Singular;
  noun: string;
  module: string;
  ownerGroup: UserGroupKey;
}

export const PARTY_SORT_KEYS = ['party_name', 'party_status', 'party_created_on', 'owner_name'] as const;

export const partyCreateFields = z
  .object({
    party_name: nameSchema('Name', 120),
    party_gstin: optionalGstinSchema,
    owner_name: nameSchema("Owner's name", 100),
    owner_email_id: emailSchema,
    owner_phone_number: optionalPhoneSchema("Owner's phone number"),
  })
  .strict();

export const partyUpdateFields = z
  .object({
    party_id: idSchema('party_id'),
    party_name: nameSchema('Name', 120),
    /** Left out: unchanged; null or empty: not registered for GST. */
    party_gstin: optionalGstinSchema.optional(),
    owner_name: nameSchema("Owner's name", 100),
    owner_phone_number: optionalPhoneSchema("Owner's phone number"),
  })
  .strict();

/**
 * The four operations of a kind of party. The lists are also read by the screens that choose a
 * party for a member (`readers`).
 */
function partyOperations<const Plural extends string, const Singular extends string>(
  screen: PartyScreen<Plural, Singular>,
  readers: readonly string[],
) {
  const { plural, singular, noun, module } = screen;
  return {
    screen,
    list: query<PageData<PartyItem>>()({
      name: `List${plural}`,
      access: { module: [module, ...readers], right: 'VIEW' },
      description: `A page of the organization's ${noun}s with their owners: search, status filter, sorting.`,
      input: listInput({
        sortBy: PARTY_SORT_KEYS,
        defaultSortBy: 'party_name',
        filters: { status: statusFilterSchema },
      }),
    }),
    create: mutation<ItemsData<PartyItem>>()({
      name: `Create${singular}`,
      access: { module, right: 'CREATE' },
      description: `Adds a ${noun} and its owner, and mails the owner's invitation.`,
      input: partyCreateFields,
    }),
    update: mutation<ItemsData<PartyItem>>()({
      name: `Update${singular}`,
      access: { module, right: 'EDIT' },
      description: `Renames a ${noun} and changes its owner's name and phone.`,
      input: partyUpdateFields,
    }),
    activateOrDeactivate: mutation<ItemsData<PartyItem>>()({
      name: `ActivateOrDeactivate${singular}`,
      access: { module, right: 'EDIT' },
      description: `Activates or suspends a ${noun}; a suspended party's users cannot sign in (Temporarily Suspended).`,
      input: z
        .object({ party_id: idSchema('party_id'), party_status: recordStatusSchema('party_status') })
        .strict(),
    }),
  };
}

export const servicePartners = partyOperations(
  {
    kind: 'SERVICE_PARTNER',
    plural: 'ServicePartners',
    singular: 'ServicePartner',
    noun: 'service partner',
    module: 'Service Partners',
    ownerGroup: 'SERVICE_PARTNER_OWNERS',
  },
  [
    'Technicians',
    'Partner Service Co-Ordinators',
    'Partner Representatives',
    'Reps And Agents',
    'Invalid Users',
    // A rate card is for one service partner.
    'Cost Configuration',
  ],
);
export const {
  list: ListServicePartners,
  create: CreateServicePartner,
  update: UpdateServicePartner,
  activateOrDeactivate: ActivateOrDeactivateServicePartner,
} = servicePartners;

export const dealers = partyOperations(
  {
    kind: 'DEALER',
    plural: 'Dealers',
    singular: 'Dealer',
    noun: 'dealer',
    module: 'Dealers',
    ownerGroup: 'DEALER_OWNERS',
  },
  ['Dealer Service Co-Ordinators', 'Dealer Representatives', 'Reps And Agents', 'Invalid Users'],
);
export const {
  list: ListDealers,
  create: CreateDealer,
  update: UpdateDealer,
  activateOrDeactivate: ActivateOrDeactivateDealer,
} = dealers;

export const PARTY_OPERATIONS: Record<PartyKind, typeof servicePartners | typeof dealers> = {
  SERVICE_PARTNER: servicePartners,
  DEALER: dealers,
};
