import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  ListWorkflowApproverChoices,
  ListWorkflowSettings,
  MAX_WORKFLOW_LEVELS,
  PreviewWorkflowSettings,
  SaveWorkflowSettings,
  WORKFLOW_KIND_LABELS,
  WORKFLOW_KIND_MODULES,
  WORKFLOW_KINDS,
  type WorkflowKind,
  type WorkflowLevelPreview,
  type WorkflowPerson,
  type WorkflowRule,
  type WorkflowSettingsItem,
} from '@fieldport/contract/operations/approvals';
import { roleLabel, type Role } from '@fieldport/contract/roles';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { useInstantFormats } from '../../ui/format.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { useOperation } from '../../ui/use-operation.ts';

/**
 * /WorkflowSettings (docs/approvals.md#workflow-settings): each kind's approval levels, edited as a
 * whole (add, remove, reorder, approvers and rule per level) with a preview from the server of who
 * would approve each level, then saved. Requests already raised keep their levels.
 */

interface Named {
  id: string;
  name: string;
}

/** One level as edited: ids for the server, names to show them. */
interface EditedLevel {
  key: number;
  rule: WorkflowRule;
  designations: Named[];
  users: Named[];
  roles: Role[];
}

const settingsKey = (kind: WorkflowKind) => ['workflow-settings', kind] as const;

let nextKey = 1;

function editedLevels(item: WorkflowSettingsItem): EditedLevel[] {
  return item.levels.map((level) => ({
    key: nextKey++,
    rule: level.rule,
    designations: level.designations.map((entry) => ({
      id: entry.designation_id,
      name: entry.designation_name,
    })),
    users: level.users.map((entry) => ({ id: entry.user_id, name: entry.user_name })),
    roles: level.roles,
  }));
}

function levelsInput(levels: EditedLevel[]) {
  return levels.map((level) => ({
    rule: level.rule,
    designation_ids: level.designations.map((entry) => entry.id),
    user_ids: level.users.map((entry) => entry.id),
    roles: level.roles,
  }));
}

/** A level that names no approver: the server refuses it (workflowLevelSchema). */
function namesNobody(level: ReturnType<typeof levelsInput>[number]): boolean {
  return level.designation_ids.length + level.user_ids.length + level.roles.length === 0;
}

/** The same levels in the same order with the same approvers and rules. */
function sameLevels(a: EditedLevel[], b: EditedLevel[]): boolean {
  return JSON.stringify(levelsInput(a)) === JSON.stringify(levelsInput(b));
}

function personLabel(person: WorkflowPerson): string {
  const role = person.designation_name ?? roleLabel(person.user_type);
  return `${person.user_name} (${role})`;
}

export default function WorkflowSettingsPage({ route, can }: FeaturePageProps) {
  const [kind, setKind] = useState<WorkflowKind>('PRODUCT_FLEET');
  const settings = useQuery({
    queryKey: settingsKey(kind),
    queryFn: async () => (await api.query(ListWorkflowSettings, { kind })).data.items[0],
  });
  const mayEdit = can(SaveWorkflowSettings.access);

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        Each kind of approval climbs its levels in order. A level names its approvers (designations, people,
        roles) and whether any one of them or all of them must approve. A kind without levels is approved once
        by the owner or an admin. Requests already raised keep the levels they were raised under.
      </Typography>
      <TextField
        select
        label="Approval kind"
        value={kind}
        onChange={(event) => setKind(event.target.value as WorkflowKind)}
        sx={{ width: { xs: '100%', sm: 360 }, mb: 3 }}
        helperText={`Decided on the '${WORKFLOW_KIND_MODULES[kind]}' screen`}
      >
        {WORKFLOW_KINDS.map((entry) => (
          <MenuItem key={entry} value={entry}>
            {WORKFLOW_KIND_LABELS[entry]}
          </MenuItem>
        ))}
      </TextField>
      {settings.error && !settings.data ? (
        <LoadError what="The workflow" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Stack spacing={2} aria-busy="true" aria-label="Loading the workflow">
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      ) : (
        // A new kind (or a saved change) starts the editor again from what the server has.
        <WorkflowEditor
          key={`${kind}-${settings.data.updated_on ?? 'none'}`}
          kind={kind}
          saved={settings.data}
          mayEdit={mayEdit}
        />
      )}
    </Box>
  );
}

function WorkflowEditor({
  kind,
  saved,
  mayEdit,
}: {
  kind: WorkflowKind;
  saved: WorkflowSettingsItem;
  mayEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const formats = useInstantFormats();
  const initial = useMemo(() => editedLevels(saved), [saved]);
  const [levels, setLevels] = useState<EditedLevel[]>(initial);
  const [confirming, setConfirming] = useState(false);
  const changed = !sameLevels(levels, initial);
  // One value per edit: the debounce below restarts whenever its value is a new one.
  const input = useMemo(() => levelsInput(levels), [levels]);
  const incomplete = input.findIndex(namesNobody);

  // Who would approve, as edited: asked of the server once the editing pauses.
  const edited = useDebouncedValue(input, 400);
  const previewInputComplete = !edited.some(namesNobody);
  const preview = useQuery({
    queryKey: ['workflow-settings-preview', kind, edited],
    enabled: changed && previewInputComplete,
    queryFn: async () => (await api.query(PreviewWorkflowSettings, { kind, levels: edited })).data.items[0],
    placeholderData: keepPreviousData,
  });
  const shown = changed ? (preview.data ?? null) : saved;
  // Until the server has answered for the levels as they are now, the preview shown is older.
  const previewPending =
    changed &&
    (preview.isFetching || !previewInputComplete || JSON.stringify(edited) !== JSON.stringify(input));

  const save = useOperation(SaveWorkflowSettings, {
    onSuccess: (answer) => {
      setConfirming(false);
      queryClient.setQueryData(settingsKey(kind), answer.data.items[0]);
    },
    onError: () => {
      setConfirming(false);
    },
  });

  const update = (key: number, change: Partial<EditedLevel>) =>
    setLevels((current) => current.map((level) => (level.key === key ? { ...level, ...change } : level)));
  const move = (index: number, by: -1 | 1) =>
    setLevels((current) => {
      const next = [...current];
      const [level] = next.splice(index, 1);
      next.splice(index + by, 0, level);
      return next;
    });
  const removed = initial.length - levels.length;

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      {!mayEdit && (
        <Alert severity="info" variant="outlined">
          You can see the workflows; changing them needs the Edit right on Workflow Settings.
        </Alert>
      )}
      {saved.updated_on && (
        <Typography variant="body2" color="text.secondary">
          Last changed {formats.dateTime(saved.updated_on)}
          {saved.updated_by_name ? ` by ${saved.updated_by_name}` : ''}.
        </Typography>
      )}
      {levels.length === 0 && (
        <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-label="No levels">
          <Typography sx={{ fontWeight: 700, mb: 0.5 }}>No levels</Typography>
          <Typography variant="body2" color="text.secondary">
            One approval by the owner or an admin decides each request
            {saved.default_approvers.length > 0
              ? `: ${saved.default_approvers.map(personLabel).join(', ')}.`
              : '.'}
          </Typography>
        </Paper>
      )}
      <Box component="ol" aria-label="Levels" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {levels.map((level, index) => (
          <LevelCard
            key={level.key}
            number={index + 1}
            count={levels.length}
            level={level}
            preview={previewPending ? null : (shown?.levels[index]?.preview ?? null)}
            previewPending={previewPending}
            mayEdit={mayEdit}
            onChange={(change) => update(level.key, change)}
            onMove={(by) => move(index, by)}
            onRemove={() => setLevels((current) => current.filter((entry) => entry.key !== level.key))}
          />
        ))}
      </Box>
      {mayEdit && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Button
            variant="outlined"
            startIcon={<Add />}
            disabled={levels.length >= MAX_WORKFLOW_LEVELS}
            onClick={() =>
              setLevels((current) => [
                ...current,
                { key: nextKey++, rule: 'ANY', designations: [], users: [], roles: [] },
              ])
            }
          >
            Add level
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button disabled={!changed || save.isPending} onClick={() => setLevels(initial)}>
            Discard changes
          </Button>
          <Button
            variant="contained"
            disabled={!changed || save.isPending || incomplete >= 0}
            onClick={() => (removed > 0 ? setConfirming(true) : save.run({ kind, levels: input }))}
          >
            Save workflow
          </Button>
        </Stack>
      )}
      {mayEdit && incomplete >= 0 && (
        <Typography variant="body2" color="error" role="status">
          Level {incomplete + 1} names no approver: choose a designation, a person or a role.
        </Typography>
      )}
      <ConfirmDialog
        open={confirming}
        title="Save with fewer levels?"
        confirmLabel="Save workflow"
        destructive
        busy={save.isPending}
        onConfirm={() => save.run({ kind, levels: input })}
        onClose={() => setConfirming(false)}
      >
        {WORKFLOW_KIND_LABELS[kind]} requests raised from now on will climb {levels.length}{' '}
        {levels.length === 1 ? 'level' : 'levels'} instead of {initial.length}
        {levels.length === 0 ? ': the owner or an admin approves them' : ''}. Requests already raised keep
        their levels.
      </ConfirmDialog>
    </Stack>
  );
}

function LevelCard({
  number,
  count,
  level,
  preview,
  previewPending,
  mayEdit,
  onChange,
  onMove,
  onRemove,
}: {
  number: number;
  count: number;
  level: EditedLevel;
  preview: WorkflowLevelPreview | null;
  previewPending: boolean;
  mayEdit: boolean;
  onChange: (change: Partial<EditedLevel>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const title = `Level ${number}`;
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search, 300);
  const choices = useQuery({
    queryKey: ['workflow-approver-choices', searched],
    enabled: mayEdit,
    queryFn: async () => (await api.query(ListWorkflowApproverChoices, { search: searched })).data,
    placeholderData: keepPreviousData,
  });
  const designationOptions: Named[] = (choices.data?.designations ?? []).map((entry) => ({
    id: entry.designation_id,
    name: entry.designation_name,
  }));
  const userOptions: Named[] = (choices.data?.users ?? []).map((person) => ({
    id: person.user_id,
    name: personLabel(person),
  }));
  const roleOptions: Role[] = choices.data?.roles ?? level.roles;
  const sameId = (option: Named, value: Named) => option.id === value.id;

  return (
    <Paper component="li" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: 16, flexGrow: 1 }}>
          {title}
        </Typography>
        {mayEdit && (
          <>
            <Tooltip title="Move up">
              <span>
                <IconButton
                  aria-label={`Move ${title} up`}
                  disabled={number === 1}
                  onClick={() => onMove(-1)}
                >
                  <ArrowUpward fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Move down">
              <span>
                <IconButton
                  aria-label={`Move ${title} down`}
                  disabled={number === count}
                  onClick={() => onMove(1)}
                >
                  <ArrowDownward fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Remove level">
              <IconButton aria-label={`Remove ${title}`} onClick={onRemove}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
        <Autocomplete<Named, true>
          multiple
          options={designationOptions}
          value={level.designations}
          disabled={!mayEdit}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={sameId}
          onChange={(_, value) => onChange({ designations: value })}
          renderInput={(params) => <TextField {...params} label={`Designations, ${title}`} />}
        />
        <Autocomplete<Named, true>
          multiple
          options={userOptions}
          value={level.users}
          disabled={!mayEdit}
          filterOptions={(options) => options}
          loading={choices.isFetching}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={sameId}
          onInputChange={(_, value, reason) => {
            if (reason === 'input') setSearch(value);
          }}
          onChange={(_, value) => onChange({ users: value })}
          renderInput={(params) => (
            <TextField {...params} label={`People, ${title}`} helperText="Search by name or email" />
          )}
        />
        <Autocomplete<Role, true>
          multiple
          options={roleOptions}
          value={level.roles}
          disabled={!mayEdit}
          getOptionLabel={(role) => roleLabel(role)}
          onChange={(_, value) => onChange({ roles: value })}
          renderInput={(params) => <TextField {...params} label={`Roles, ${title}`} />}
        />
      </Box>
      <Box sx={{ mt: 2 }}>
        <FormLabel id={`rule-${level.key}`} sx={{ fontSize: 14 }}>
          Who must approve
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby={`rule-${level.key}`}
          value={level.rule}
          onChange={(event) => onChange({ rule: event.target.value as WorkflowRule })}
        >
          <FormControlLabel value="ANY" control={<Radio disabled={!mayEdit} />} label="Any one of them" />
          <FormControlLabel value="ALL" control={<Radio disabled={!mayEdit} />} label="All of them" />
        </RadioGroup>
      </Box>
      <LevelPreview preview={preview} pending={previewPending} rule={level.rule} />
    </Paper>
  );
}

function LevelPreview({
  preview,
  pending,
  rule,
}: {
  preview: WorkflowLevelPreview | null;
  pending: boolean;
  rule: WorkflowRule;
}) {
  if (!preview) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
        {pending ? 'Working out who approves…' : 'Who approves shows once the level names an approver.'}
      </Typography>
    );
  }
  return (
    <Box sx={{ mt: 1, p: 1.5, bgcolor: 'grey.50', borderRadius: 1 }} aria-live="polite" aria-busy={pending}>
      <Typography variant="body2">
        <strong>{rule === 'ALL' ? 'Approved when all of these approve' : 'Approved by any one of'}:</strong>{' '}
        {preview.approvers.length > 0 ? preview.approvers.map(personLabel).join(', ') : 'nobody yet'}
      </Typography>
      {preview.falls_back && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Nobody this level names can approve now: the owner or an admin decides it instead.
        </Typography>
      )}
      {preview.left_out.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Left out: {preview.left_out.map((person) => `${person.user_name} (${person.reason})`).join('; ')}
        </Typography>
      )}
    </Box>
  );
}
