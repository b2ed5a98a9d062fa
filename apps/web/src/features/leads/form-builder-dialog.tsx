import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  Controller,
  useFieldArray,
  useWatch,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  CreateLeadForm,
  fieldKeyOf,
  PUBLIC_LEADS_PER_HOUR,
  UpdateLeadForm,
  type LeadFieldType,
  type LeadFormField,
  type LeadFormItem,
} from '@fieldport/contract/operations/leads';
import { FormSection } from '../../ui/customer-form.tsx';
import { fieldError } from '../../ui/field-props.ts';
import { FormField } from '../../ui/form-fields.tsx';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { useOperation } from '../../ui/use-operation.ts';
import { LeadFormDialog } from './lead-form-dialog.tsx';
import { leadQueries, FIELD_TYPE_CHOICES } from './lead-format.tsx';
import { useOwnerChoices } from './lead-dialogs.tsx';
import { OptionalChoice } from '../../ui/optional-choice.tsx';

type Form = UseFormReturn<FieldValues, unknown, unknown>;
type Values = z.input<typeof UpdateLeadForm.input>;
type Output = z.output<typeof UpdateLeadForm.input>;

/** How many questions a form may have (the contract's limit). */
const MAX_QUESTIONS = 30;

/**
 * The form builder (docs/leads.md#forms): a form's name, description, default owner, public link
 * and status, and its own questions in order, each a label, a type (text, number, phone, email,
 * select with its options, date) and whether it must be answered. Questions are added, moved up
 * and down and removed with buttons (the keyboard's way to reorder). A question keeps its key
 * once saved, so that the answers of leads already captured still belong to it.
 */
export function FormBuilderDialog({ form, onClose }: { form: LeadFormItem | null; onClose: () => void }) {
  const create = useOperation(CreateLeadForm, { invalidate: leadQueries(), onSuccess: onClose });
  const update = useOperation(UpdateLeadForm, { invalidate: leadQueries(), onSuccess: onClose });
  const schema = form ? UpdateLeadForm.input : CreateLeadForm.input;
  const resolver = zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>;
  const defaultValues: Values = form
    ? {
        form_id: form.form_id,
        form_name: form.form_name,
        description: form.description ?? '',
        fields: form.fields,
        default_owner_id: form.default_owner_id,
        is_public: form.is_public,
        form_status: form.form_status,
      }
    : ({
        form_name: '',
        description: '',
        fields: [],
        default_owner_id: null,
        is_public: true,
      } as unknown as Values);
  return (
    <LeadFormDialog<Values, Output>
      title={form ? `Edit form ${form.form_name}` : 'New form'}
      submitLabel={form ? 'Save form' : 'Create form'}
      maxWidth="md"
      defaultValues={defaultValues}
      resolver={resolver}
      onSubmit={(values) => (form ? update.submit(values) : create.submit(values as never))}
      onClose={onClose}
    >
      {(builder) => <BuilderFields form={builder as unknown as Form} editing={form} />}
    </LeadFormDialog>
  );
}

function BuilderFields({ form, editing }: { form: Form; editing: LeadFormItem | null }) {
  const owners = useOwnerChoices();
  const isPublic = useWatch({ control: form.control, name: 'is_public' }) as boolean;
  return (
    <>
      <FormField
        form={form}
        autoFocus
        field={{ kind: 'text', name: 'form_name', label: 'Form name', required: true, maxLength: 100 }}
      />
      <FormField
        form={form}
        autoFocus={false}
        field={{
          kind: 'text',
          name: 'description',
          label: 'Description',
          multiline: true,
          maxLength: 500,
          helperText: 'Optional: shown above the questions, e.g. what the person gets back',
        }}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', '& > *': { flex: '1 1 240px' } }}>
        <OptionalChoice
          form={form}
          name="default_owner_id"
          label="Default owner"
          noneLabel="Nobody: chosen per lead"
          options={owners.options}
          helperText={
            owners.failed
              ? 'The people could not be loaded.'
              : 'Owns the leads the form brings, and is mailed each one from the public link'
          }
        />
        {editing && (
          <FormField
            form={form}
            autoFocus={false}
            field={{
              kind: 'select',
              name: 'form_status',
              label: 'Status',
              required: true,
              options: [
                { value: 'ACTIVE', label: 'Active' },
                { value: 'INACTIVE', label: 'Inactive: takes no leads' },
              ],
            }}
          />
        )}
      </Box>
      <FormField
        form={form}
        autoFocus={false}
        field={{
          kind: 'switch',
          name: 'is_public',
          label: 'Public link',
          helperText: isPublic
            ? `Anybody with the link may fill the form without signing in (${PUBLIC_LEADS_PER_HOUR} an hour from one network address); copy it from the list once saved.`
            : 'Off: the form is filled only here, by the staff.',
        }}
      />
      <Questions form={form} editing={editing} />
    </>
  );
}

type Action = 'up' | 'down' | 'remove';

/** The form's own questions, in order, each in its card with its move and remove buttons. */
function Questions({ form, editing }: { form: Form; editing: LeadFormItem | null }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'fields' });
  const baseId = useId();
  // The questions saved before (by their row ids, which a move keeps) keep their keys; a question
  // added now has its key follow its label until saved.
  const [savedRows] = useState(() => new Set(fields.map((row) => row.id)));
  const addButton = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the list is drawn again: the moved question's same button, or Add
  // question after a removal (the list is drawn again by the move or the removal itself).
  const pendingFocus = useRef<{ rowId: string; action: Action } | 'add' | null>(null);
  useEffect(() => {
    const focus = pendingFocus.current;
    if (!focus) return;
    pendingFocus.current = null;
    if (focus === 'add') return addButton.current?.focus();
    const button = (action: Action) =>
      document.getElementById(`${baseId}-${focus.rowId}-${action}`) as HTMLButtonElement | null;
    const wanted = button(focus.action);
    // At the top there is no Move up any more (at the bottom, no Move down): the other one.
    (wanted && !wanted.disabled ? wanted : button(focus.action === 'up' ? 'down' : 'up'))?.focus();
  });

  const rootError = questionsError(form);
  const keysBut = (index: number) =>
    ((form.getValues('fields') as LeadFormField[] | undefined) ?? [])
      .filter((_, at) => at !== index)
      .map((question) => question.key);
  return (
    <FormSection title="Questions" error={rootError}>
      <Stack spacing={2}>
        <Alert severity="info" variant="outlined">
          Every form asks for the person’s name, phone (with its country) and email first. Add the questions
          of your own below{editing ? '; a lead already captured keeps its answers as they were asked' : ''}.
        </Alert>
        {fields.length === 0 && (
          <Typography color="text.secondary">
            No questions of your own yet: the form asks only the name, phone and email.
          </Typography>
        )}
        {fields.map((row, index) => (
          <QuestionCard
            key={row.id}
            form={form}
            index={index}
            count={fields.length}
            buttonId={(action) => `${baseId}-${row.id}-${action}`}
            onLabel={(label) => {
              if (savedRows.has(row.id)) return;
              form.setValue(`fields.${index}.key`, fieldKeyOf(label, keysBut(index)));
            }}
            onMove={(to, action) => {
              pendingFocus.current = { rowId: row.id, action };
              move(index, to);
            }}
            onRemove={() => {
              pendingFocus.current = 'add';
              remove(index);
            }}
          />
        ))}
        <Box>
          <Button
            ref={addButton}
            startIcon={<AddOutlined />}
            disabled={fields.length >= MAX_QUESTIONS}
            onClick={() => {
              const question: LeadFormField = {
                key: fieldKeyOf('', keysBut(-1)),
                label: '',
                type: 'TEXT',
                required: false,
                options: [],
              };
              append(question, { shouldFocus: true, focusName: `fields.${fields.length}.label` });
            }}
          >
            Add question
          </Button>
        </Box>
      </Stack>
    </FormSection>
  );
}

/** What is wrong with the questions as a whole (too many), rather than with one of them. */
function questionsError(form: Form): string | undefined {
  const error = form.getFieldState('fields', form.formState).error as
    { message?: unknown; root?: { message?: string } } | undefined;
  if (!error) return undefined;
  if (typeof error.message === 'string') return error.message;
  return error.root?.message;
}

function QuestionCard({
  form,
  index,
  count,
  buttonId,
  onLabel,
  onMove,
  onRemove,
}: {
  form: Form;
  index: number;
  count: number;
  buttonId: (action: Action) => string;
  onLabel: (label: string) => void;
  onMove: (to: number, action: Action) => void;
  onRemove: () => void;
}) {
  const at = (name: string) => `fields.${index}.${name}`;
  const label = (useWatch({ control: form.control, name: at('label') }) as string | undefined) ?? '';
  const type = useWatch({ control: form.control, name: at('type') }) as LeadFieldType;
  const number = index + 1;
  const name = label.trim() ? `Question ${number}: ${label.trim()}` : `Question ${number}`;
  const { ref, onChange, ...registered } = form.register(at('label'));
  const labelError = fieldError(form, at('label'));
  const typeError = fieldError(form, at('type'));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="group" aria-label={name}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}>
        <Typography variant="subtitle2" component="p" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <MoveButton
          id={buttonId('up')}
          label={`Move question ${number} up`}
          disabled={index === 0}
          onClick={() => onMove(index - 1, 'up')}
          icon={<ArrowUpwardOutlined fontSize="small" />}
        />
        <MoveButton
          id={buttonId('down')}
          label={`Move question ${number} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1, 'down')}
          icon={<ArrowDownwardOutlined fontSize="small" />}
        />
        <MoveButton
          id={buttonId('remove')}
          label={`Remove question ${number}`}
          onClick={onRemove}
          icon={<DeleteOutlined fontSize="small" />}
        />
      </Box>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <FormTextField
            {...registered}
            inputRef={ref}
            onChange={(event) => {
              void onChange(event);
              onLabel(event.target.value);
            }}
            label="Question"
            required
            error={Boolean(labelError)}
            helperText={labelError ?? 'As the person reads it, e.g. Budget (Rs)'}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ flex: '2 1 260px' }}
          />
          <Controller
            control={form.control}
            name={at('type')}
            render={({ field }) => (
              <FormTextField
                select
                label="Type"
                required
                value={field.value as string}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  // Only a select question has options.
                  if (event.target.value !== 'SELECT') form.setValue(at('options'), []);
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(typeError)}
                helperText={typeError}
                sx={{ flex: '1 1 180px' }}
              >
                {FIELD_TYPE_CHOICES.map((choice) => (
                  <MenuItem key={choice.value} value={choice.value}>
                    {choice.label}
                  </MenuItem>
                ))}
              </FormTextField>
            )}
          />
          <Controller
            control={form.control}
            name={at('required')}
            render={({ field }) => (
              <FormControlLabel
                sx={{ flex: '0 0 auto', mt: 1 }}
                control={
                  <Checkbox
                    checked={Boolean(field.value)}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref } }}
                  />
                }
                label="Required"
              />
            )}
          />
        </Box>
        {type === 'SELECT' && <OptionsInput form={form} name={at('options')} />}
      </Stack>
    </Paper>
  );
}

function MoveButton(props: {
  id: string;
  label: string;
  icon: ReactNode;
  disabled?: boolean;
  onClick: () => void;
}) {
  const button = (
    <IconButton
      id={props.id}
      aria-label={props.label}
      size="small"
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.icon}
    </IconButton>
  );
  // A disabled button shows no tooltip (it takes no pointer events); its place stays.
  return props.disabled ? button : <Tooltip title={props.label}>{button}</Tooltip>;
}

/** A select question's options, one a line, as typed; kept as the list of lines that are not empty. */
function OptionsInput({ form, name }: { form: Form; name: string }) {
  const message = fieldError(form, name, { list: true });
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <OptionsText
          options={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={message}
        />
      )}
    />
  );
}

function OptionsText(props: {
  options: string[];
  onChange: (options: string[]) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  error?: string;
}) {
  // The text as typed: an empty line being typed must stay, though it is no option.
  const [text, setText] = useState(() => props.options.join('\n'));
  return (
    <FormTextField
      label="Options"
      required
      multiline
      minRows={3}
      maxRows={10}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        props.onChange(
          event.target.value
            .split('\n')
            .map((option) => option.trim())
            .filter(Boolean),
        );
      }}
      onBlur={props.onBlur}
      inputRef={props.inputRef}
      error={Boolean(props.error)}
      helperText={props.error ?? 'One option a line; at least 2. The person chooses one.'}
    />
  );
}
