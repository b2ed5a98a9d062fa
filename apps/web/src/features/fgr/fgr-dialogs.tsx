import { useWatch } from 'react-hook-form';
import Typography from '@mui/material/Typography';
import {
  FGR_CLAIM_STATUS_LABELS,
  FGR_CLAIM_STATUSES,
  ReopenFGR,
  UpdateFGR,
  UpdateFGRClaimStatus,
  type FgrItem,
} from '@fieldport/contract/operations/fgr';
import { FormDialog, type FormOf } from '../../ui/form-dialog.tsx';
import { FormFields } from '../../ui/form-fields.tsx';
import { useOperation } from '../../ui/use-operation.ts';
import { claimNeedsReference, fgrQueries, serialsWords } from './fgr-words.ts';

/**
 * What is done to a replacement from its details (docs/fgr.md#its-life): changed while it waits
 * for approval, sent again after a refusal or withdrawal, and its claim followed once approved.
 * Each reads the replacement and the list again; the server's message says what happened.
 */

interface FgrDialogProps {
  fgr: FgrItem;
  onClose: () => void;
}

/** The fields a replacement is generated and changed with (GenerateFGR, UpdateFGR). */
export const replacementFields = [
  {
    kind: 'text' as const,
    name: 'reason',
    label: 'Reason',
    required: true,
    multiline: true,
    maxLength: 1000,
    helperText: 'Why it cannot be repaired: what the engineer found (5 characters at least)',
  },
  {
    kind: 'text' as const,
    name: 'replacement_serial_number',
    label: 'Replacement serial number',
    required: true,
    maxLength: 60,
    helperText: 'As printed on the new unit: letters, digits and / . _ -',
  },
  { kind: 'text' as const, name: 'note', label: 'Note', multiline: true, maxLength: 1000 },
];

/** The reason, the replacement serial and the note, while it waits: the approver reads them as changed. */
export function EditFgrDialog({ fgr, onClose }: FgrDialogProps) {
  const update = useOperation(UpdateFGR, { onSuccess: onClose, invalidate: fgrQueries() });
  return (
    <FormDialog
      open
      title={`Change ${fgr.fgr_number}`}
      schema={UpdateFGR.input}
      defaultValues={{
        fgr_id: fgr.fgr_id,
        reason: fgr.reason,
        replacement_serial_number: fgr.replacement_serial_number,
        note: fgr.note ?? '',
      }}
      onSubmit={(values) => update.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            {fgr.old_serial_number} ({fgr.product_name}) of {fgr.customer_name}. The approver decides on it as
            you leave it.
          </Typography>
          <FormFields form={form} fields={replacementFields} />
        </>
      )}
    </FormDialog>
  );
}

/** A rejected or withdrawn replacement sent for approval again, saying what changed. */
export function ReopenFgrDialog({ fgr, onClose }: FgrDialogProps) {
  const reopen = useOperation(ReopenFGR, { onSuccess: onClose, invalidate: fgrQueries() });
  return (
    <FormDialog
      open
      title={`Send ${fgr.fgr_number} again`}
      schema={ReopenFGR.input}
      defaultValues={{ fgr_id: fgr.fgr_id, comment: '' }}
      submitLabel="Send for approval"
      onSubmit={(values) => reopen.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            {serialsWords(fgr)} waits for approval again. The product must still be in warranty or under AMC
            today, and the replacement serial still free; the comment is added to its note.
          </Typography>
          <FormFields
            form={form}
            fields={[
              {
                kind: 'text',
                name: 'comment',
                label: 'Comment',
                required: true,
                multiline: true,
                maxLength: 1000,
                helperText: 'What changed since it was refused or withdrawn',
              },
            ]}
          />
        </>
      )}
    </FormDialog>
  );
}

/** Where the claim towards the manufacturer stands; every status but "Not claimed yet" needs its reference. */
export function ClaimDialog({ fgr, onClose }: FgrDialogProps) {
  const update = useOperation(UpdateFGRClaimStatus, { onSuccess: onClose, invalidate: fgrQueries() });
  return (
    <FormDialog
      open
      title={`Claim of ${fgr.fgr_number}`}
      schema={UpdateFGRClaimStatus.input}
      defaultValues={{
        fgr_id: fgr.fgr_id,
        claim_status: fgr.claim_status,
        claim_reference: fgr.claim_reference ?? '',
        claim_note: fgr.claim_note ?? '',
      }}
      onSubmit={(values) => update.submit(values)}
      onClose={onClose}
    >
      {(form) => <ClaimFields form={form} fgr={fgr} />}
    </FormDialog>
  );
}

function ClaimFields({ form, fgr }: { form: FormOf<typeof UpdateFGRClaimStatus.input>; fgr: FgrItem }) {
  const status = useWatch({ control: form.control, name: 'claim_status' });
  const needsReference = claimNeedsReference(status);
  return (
    <>
      <Typography color="text.secondary">
        {serialsWords(fgr)}, claimed from {fgr.manufacturer_name ?? 'the manufacturer'}.
      </Typography>
      <FormFields
        form={form}
        fields={[
          {
            kind: 'select',
            name: 'claim_status',
            label: 'Claim status',
            required: true,
            options: FGR_CLAIM_STATUSES.map((value) => ({ value, label: FGR_CLAIM_STATUS_LABELS[value] })),
          },
          {
            kind: 'text',
            name: 'claim_reference',
            label: 'Claim reference',
            required: needsReference,
            maxLength: 60,
            helperText: needsReference
              ? "Required: the manufacturer's claim number"
              : "The manufacturer's claim number, once claimed",
          },
          { kind: 'text', name: 'claim_note', label: 'Note', multiline: true, maxLength: 1000 },
        ]}
      />
    </>
  );
}
