import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import TextField from '@mui/material/TextField';
import { ListDesignations } from '@fieldport/contract/operations/designations';
import {
  CreateUser,
  ListDealers,
  ListServicePartners,
  PARTY_KIND_LABELS,
  UpdateUser,
  createUserInput,
  formatPhone,
  partyKindsOf,
  updateUserInput,
  type PartyKind,
  type UserGroup,
  type UserItem,
} from '@fieldport/contract/operations/people';
import { isDesignationRole, roleLabel, type Role } from '@fieldport/contract/roles';
import { api } from '../../api/client.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields, type FieldConfig, type Option } from '../../ui/form-fields.tsx';
import { listQueryKey } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';

const PARTY_LISTS = { SERVICE_PARTNER: ListServicePartners, DEALER: ListDealers } as const;

/** The kinds of party a member with this role may belong to on this screen. */
function partyKindsFor(group: UserGroup, role: Role): PartyKind[] {
  return partyKindsOf(role).kinds.filter((kind) => group.partyKinds.includes(kind));
}

function partyLabel(kinds: PartyKind[]): string {
  return kinds.length > 1 ? 'Service partner or dealer' : PARTY_KIND_LABELS[kinds[0]];
}

/** The active parties of the kinds a screen offers, for its party field and filter. */
export function usePartyOptions(kinds: readonly PartyKind[], enabled: boolean) {
  return useQuery({
    queryKey: ['people', 'party-options', ...kinds],
    enabled: enabled && kinds.length > 0,
    queryFn: async () => {
      const options: Option[] = [];
      for (const kind of kinds) {
        const page = await api.query(PARTY_LISTS[kind], {
          status: 'ACTIVE',
          page_size: 100,
          sort_by: 'party_name',
        });
        for (const item of page.data.items) {
          options.push({
            value: item.party_id,
            label: kinds.length > 1 ? `${item.party_name} (${PARTY_KIND_LABELS[kind]})` : item.party_name,
          });
        }
      }
      return options;
    },
    staleTime: 30_000,
  });
}

type CreateValues = z.input<typeof createUserInput>;
type UpdateValues = z.input<typeof updateUserInput>;

interface UserFormProps {
  open: boolean;
  group: UserGroup;
  /** The member edited; none: a new one. */
  item?: UserItem;
  /** A partner's or dealer's owner adds to their own party: no party field. */
  partyUser: boolean;
  /** The signed-in person: their own role and designation are not theirs to change. */
  selfUserId?: string;
  /** After a save: the people lists are read again by the form; the screen closes it. */
  onSaved: () => void;
  onClose: () => void;
}

/**
 * The add/edit form of a people screen, validated by the contract's CreateUser / UpdateUser
 * schemas. The role decides the rest: a designation for the designation roles
 * (docs/product.md#roles-and-parties), a service partner or dealer for the roles that belong to
 * one.
 */
export function UserForm({ open, group, item, partyUser, selfUserId, onSaved, onClose }: UserFormProps) {
  const editing = Boolean(item);
  // The server also requires a party of the organization's staff; the form says it at once.
  const schema = useMemo(() => {
    const base = editing ? updateUserInput : createUserInput;
    if (partyUser) return base;
    return base.superRefine((values, ctx) => {
      const kinds = partyKindsFor(group, values.user_type);
      if (kinds.length && partyKindsOf(values.user_type).required && !values.party_id) {
        ctx.addIssue({ code: 'custom', path: ['party_id'], message: `${partyLabel(kinds)} is required` });
      }
    });
  }, [editing, partyUser, group]);

  const defaults: CreateValues | UpdateValues = item
    ? {
        user_group: group.key,
        user_id: item.user_id,
        user_name: item.user_name,
        user_phone_number: formatPhone(item.user_phone_number),
        user_type: item.user_type,
        designation_id: item.designation_id,
        party_id: item.party_id,
      }
    : {
        user_group: group.key,
        user_name: '',
        user_email_id: '',
        user_phone_number: '',
        user_type: group.assignable[0],
        designation_id: null,
        party_id: null,
      };

  const afterSave = { invalidate: PEOPLE_QUERY_KEYS, onSuccess: onSaved };
  const create = useOperation(CreateUser, afterSave);
  const update = useOperation(UpdateUser, afterSave);
  const save = (values: Record<string, unknown>) =>
    item ? update.submit(values as UpdateValues) : create.submit(values as CreateValues);

  return (
    <FormDialog
      open={open}
      title={`${editing ? 'Edit' : 'Add'} ${group.noun}`}
      schema={schema as typeof createUserInput}
      defaultValues={defaults as CreateValues}
      submitLabel={editing ? 'Save' : 'Add and invite'}
      onSubmit={(values) => save(values as Record<string, unknown>)}
      onClose={onClose}
    >
      {(form) => (
        <UserFields
          form={form as unknown as UseFormReturn<Record<string, unknown>>}
          group={group}
          item={item}
          partyUser={partyUser}
          self={Boolean(item && item.user_id === selfUserId)}
        />
      )}
    </FormDialog>
  );
}

function UserFields(props: {
  form: UseFormReturn<Record<string, unknown>>;
  group: UserGroup;
  item?: UserItem;
  partyUser: boolean;
  self: boolean;
}) {
  const { form, group, item, partyUser, self } = props;
  const role = form.watch('user_type') as Role;
  const kinds = partyUser ? [] : partyKindsFor(group, role);
  const parties = usePartyOptions(kinds, kinds.length > 0);

  // A role outside what this screen gives (the owner's) can be shown, not chosen.
  const roleFixed = self || (item ? !group.assignable.includes(item.user_type) : false);
  const roles: Role[] = roleFixed && item ? [item.user_type] : [...group.assignable];

  const fields: FieldConfig[] = [
    { kind: 'text', name: 'user_name', label: 'Name', required: true, maxLength: 100 },
    ...(item
      ? []
      : [
          {
            kind: 'text',
            name: 'user_email_id',
            label: 'Email',
            required: true,
            maxLength: 254,
            helperText: 'The invitation with a temporary password is mailed here.',
          } as FieldConfig,
        ]),
    {
      kind: 'text',
      name: 'user_phone_number',
      label: 'Phone number',
      maxLength: 32,
      helperText: 'Optional. Indian numbers without +91; others with their country code.',
    },
  ];
  if (roles.length > 1) {
    fields.push({
      kind: 'select',
      name: 'user_type',
      label: 'Role',
      required: true,
      options: roles.map((value) => ({ value, label: roleLabel(value) })),
    });
  }
  if (isDesignationRole(role)) {
    fields.push({
      kind: 'lookup',
      name: 'designation_id',
      label: 'Designation',
      required: true,
      list: ListDesignations,
      valueKey: 'designation_id',
      labelKey: 'designation_name',
    });
  }
  if (kinds.length > 0) {
    fields.push({
      kind: 'select',
      name: 'party_id',
      label: partyKindsOf(role).required ? partyLabel(kinds) : `${partyLabel(kinds)} (optional)`,
      required: partyKindsOf(role).required,
      options: [
        ...(partyKindsOf(role).required ? [] : [{ value: '', label: `None (the organization's own)` }]),
        ...(parties.data ?? []),
      ],
    });
  }

  return (
    <>
      {item && (
        <TextField
          label="Email"
          value={item.user_email_id}
          disabled
          helperText="The email a person signs in with stays."
        />
      )}
      <FormFields form={form} fields={fields} />
      {roleFixed && (
        <TextField
          label="Role"
          value={roleLabel(roles[0])}
          disabled
          helperText={self ? 'Nobody changes their own role.' : undefined}
        />
      )}
    </>
  );
}

/** Refreshes every people list and party list after a change. */
export const PEOPLE_QUERY_KEYS = [
  ['list', 'List_Users'],
  ['list', 'List_Representatives'],
  listQueryKey(ListServicePartners),
  listQueryKey(ListDealers),
  ['people'],
] as const;
