import { Controller } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import {
  CreateCabinetFolder,
  DeleteCabinetFolder,
  UpdateCabinetFolder,
  type CabinetFolder,
  type CabinetParty,
} from '@fieldport/contract/operations/cabinet';
import { renderAutocompleteGroup } from '../../ui/autocomplete-group.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { fieldProps } from '../../ui/field-props.ts';
import { FormDialog, type FormOf } from '../../ui/form-dialog.tsx';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { useOperation } from '../../ui/use-operation.ts';
import { cabinetQueries, deleteFolderWords, SHARE_GROUP_LABELS, shareChoices } from './cabinet-format.ts';

// A folder's name, description and whom it is shared with (docs/cabinet.md); deleting it with its
// documents.

/** The form of both New folder and Edit folder: Update's input is Create's with the folder's id. */
const folderForm = CreateCabinetFolder.input;

/**
 * New folder (`folder` null) or Edit folder: its name, a description, and the partners and dealers
 * whose people read it. `onSaved` gets the folder as saved (the screen shows it).
 */
export function FolderDialog({
  folder,
  offered,
  onClose,
  onSaved,
}: {
  folder: CabinetFolder | null;
  /** GetCabinetSummary's share choices. */
  offered: CabinetParty[];
  onClose: () => void;
  onSaved: (folder: CabinetFolder) => void;
}) {
  const options = { invalidate: cabinetQueries(), onSuccess: answerOf(onSaved) };
  const create = useOperation(CreateCabinetFolder, options);
  const update = useOperation(UpdateCabinetFolder, options);
  return (
    <FormDialog
      open
      title={folder ? `Edit folder '${folder.name}'` : 'New folder'}
      schema={folderForm}
      defaultValues={{
        name: folder?.name ?? '',
        description: folder?.description ?? '',
        party_ids: folder?.shared_with.map((party) => party.party_id) ?? [],
      }}
      submitLabel={folder ? 'Save folder' : 'Create folder'}
      onSubmit={(values) =>
        folder ? update.submit({ folder_id: folder.folder_id, ...values }) : create.submit(values)
      }
      onClose={onClose}
    >
      {(form) => (
        <>
          <FormTextField
            {...fieldProps(form, 'name')}
            label="Folder name"
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <DescriptionField form={form} />
          <ShareField form={form} choices={shareChoices(offered, folder?.shared_with)} />
        </>
      )}
    </FormDialog>
  );
}

function DescriptionField({ form }: { form: FormOf<typeof folderForm> }) {
  const description = fieldProps(form, 'description');
  return (
    <FormTextField
      {...description}
      label="Description"
      multiline
      minRows={2}
      helperText={description.helperText ?? 'What the folder holds, for those who read it'}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
}

function answerOf(onSaved: (folder: CabinetFolder) => void) {
  return (answer: { data: { items: CabinetFolder[] } }) => {
    const [saved] = answer.data.items;
    if (saved) onSaved(saved);
  };
}

/** The partners and dealers the folder is shared with, chosen from both groups in one field. */
function ShareField({ form, choices }: { form: FormOf<typeof folderForm>; choices: CabinetParty[] }) {
  const message = form.formState.errors.party_ids?.message;
  return (
    <Controller
      control={form.control}
      name="party_ids"
      render={({ field }) => {
        const chosen = (field.value ?? []) as string[];
        return (
          <Autocomplete
            multiple
            options={choices}
            value={choices.filter((party) => chosen.includes(party.party_id))}
            groupBy={(party) => SHARE_GROUP_LABELS[party.kind]}
            renderGroup={renderAutocompleteGroup}
            getOptionLabel={(party) => party.name}
            isOptionEqualToValue={(party, value) => party.party_id === value.party_id}
            onChange={(_, parties) => field.onChange(parties.map((party) => party.party_id))}
            onBlur={field.onBlur}
            noOptionsText={
              choices.length === 0
                ? 'The organization has no active partners or dealers'
                : 'No partner or dealer matches'
            }
            renderValue={(parties, getItemProps) =>
              parties.map((party, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={party.name} {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label="Shared with"
                inputRef={field.ref}
                error={Boolean(message)}
                helperText={
                  message ??
                  "Their people read this folder and its documents. Leave empty to keep it to the organization's staff."
                }
              />
            )}
          />
        );
      }}
    />
  );
}

/** Asks before deleting a folder, saying how many documents go with it. */
export function DeleteFolderDialog({
  folder,
  onClose,
  onDeleted,
}: {
  folder: CabinetFolder;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useOperation(DeleteCabinetFolder, { invalidate: cabinetQueries(), onSuccess: onDeleted });
  return (
    <ConfirmDialog
      open
      title={`Delete folder '${folder.name}'?`}
      confirmLabel={
        folder.document_count === 0
          ? 'Delete folder'
          : `Delete folder and ${folder.document_count === 1 ? '1 document' : `${folder.document_count} documents`}`
      }
      destructive
      busy={remove.isPending}
      onConfirm={() => remove.run({ folder_id: folder.folder_id })}
      onClose={onClose}
    >
      {deleteFolderWords(folder)}
    </ConfirmDialog>
  );
}
