import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import {
  GetOrganizationSettings,
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  TICKET_ASSIGNMENT_MODES,
  TICKET_ASSIGNMENT_MODE_LABELS,
  UpdateDealerFlags,
  UpdateOrganizationLogo,
  UpdateOrganizationSettings,
  currencies,
  organizationSettingsFields,
  timeZones,
  type OrganizationSettings,
} from '@fieldport/contract/operations/organization';
import { api } from '../../api/client.ts';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useFormSubmit, useOperation } from '../../ui/use-operation.ts';
import { DealerFlagsSection } from './dealer-flags-section.tsx';
import { Section } from './settings-section.tsx';

const settingsQueryKey = ['organization-settings'] as const;
// The current user carries the organization's name, logo and flags: the shell rebuilds the menu
// from it, so it is fetched again after every change (menus follow at once).
const currentUserKey = ['current-user'] as const;

type Values = z.input<typeof organizationSettingsFields>;
type FlagKey =
  | 'enable_credits_recharge'
  | 'is_access_control_enable'
  | 'is_enable_partners_monthly_closed_ticket_report_tab';

const FLAGS: { key: FlagKey; label: string; help: string }[] = [
  {
    key: 'enable_credits_recharge',
    label: 'Credits recharge',
    help: 'Shows Transactions in the menu, where credits are bought and spent.',
  },
  {
    key: 'is_access_control_enable',
    label: 'Access control by designation',
    help: 'Staff other than owners and admins see and may do only what their designation grants (Settings › Designations).',
  },
  {
    key: 'is_enable_partners_monthly_closed_ticket_report_tab',
    label: 'Partners closed ticket report',
    help: 'Adds Partners Closed Ticket Reports under Reports for owners and admins.',
  },
];

function formValues(settings: OrganizationSettings): Values {
  return {
    organization_name: settings.organization_name,
    time_zone: settings.time_zone,
    currency: settings.currency,
    gstin: settings.gstin ?? '',
    enable_credits_recharge: settings.enable_credits_recharge,
    is_access_control_enable: settings.is_access_control_enable,
    is_enable_partners_monthly_closed_ticket_report_tab:
      settings.is_enable_partners_monthly_closed_ticket_report_tab,
    ticket_assignment_mode: settings.ticket_assignment_mode,
  };
}

/**
 * /OrganizationSettings (docs/product.md#organization-settings): name, logo, time zone, currency,
 * GSTIN (whose state decides the tax on partners' invoices: docs/payouts.md#payouts), flags,
 * assignment, dealer tabs.
 */
export default function OrganizationSettingsPage({ route, can }: FeaturePageProps) {
  const settings = useQuery({
    queryKey: settingsQueryKey,
    queryFn: async () => (await api.query(GetOrganizationSettings, {})).data.items[0],
  });
  const mayEdit = can(UpdateOrganizationSettings.access);

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      {settings.error && !settings.data ? (
        <LoadError what="The settings" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Stack spacing={2} aria-busy="true" aria-label="Loading the settings">
          <Skeleton variant="rounded" height={220} />
          <Skeleton variant="rounded" height={180} />
        </Stack>
      ) : (
        <Stack spacing={3}>
          {!mayEdit && (
            <Alert severity="info" variant="outlined">
              You can see these settings; changing them needs the Edit right on Organization Settings.
            </Alert>
          )}
          <LogoSection settings={settings.data} mayEdit={mayEdit} />
          <SettingsForm settings={settings.data} mayEdit={mayEdit} />
          <DealerFlagsSection mayEdit={can(UpdateDealerFlags.access)} />
        </Stack>
      )}
    </Box>
  );
}

function SettingsForm({ settings, mayEdit }: { settings: OrganizationSettings; mayEdit: boolean }) {
  const queryClient = useQueryClient();
  const zones = useMemo(() => timeZones(), []);
  const codes = useMemo(() => currencies(), []);
  const form = useForm<Values, unknown, z.output<typeof organizationSettingsFields>>({
    resolver: zodResolver(organizationSettingsFields),
    defaultValues: formValues(settings),
    mode: 'onTouched',
  });
  const { errors, isDirty, isSubmitting, dirtyFields } = form.formState;

  const save = useOperation(UpdateOrganizationSettings, {
    invalidate: [currentUserKey],
    onSuccess: (answer) => {
      const saved = answer.data.items[0];
      queryClient.setQueryData(settingsQueryKey, saved);
      form.reset(formValues(saved));
    },
  });
  // A refusal no field names shows in the snackbar only: the form has no alert of its own.
  const { submit } = useFormSubmit(form, organizationSettingsFields, (values) =>
    // Only what the person changed is sent (and audited).
    save.submit(
      Object.fromEntries(
        Object.entries(values).filter(([key]) => dirtyFields[key as keyof Values]),
      ) as Partial<typeof values>,
    ),
  );

  const text = (name: 'organization_name' | 'gstin') => {
    const { ref, ...registered } = form.register(name);
    return { ...registered, inputRef: ref, error: Boolean(errors[name]), helperText: errors[name]?.message };
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Organization settings"
      onSubmit={(event) => void submit(event)}
    >
      <Stack spacing={3}>
        <Section
          title="Organization"
          description="How the organization is named, and where and in what it counts."
        >
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Box sx={{ gridColumn: { md: '1 / -1' } }}>
              <FormTextField
                label="Organization name"
                required
                disabled={!mayEdit}
                slotProps={{ htmlInput: { maxLength: 120 } }}
                {...text('organization_name')}
              />
            </Box>
            <ChoiceField
              form={form}
              name="time_zone"
              label="Time zone"
              options={zones}
              help="Dates and times are shown in this zone."
              disabled={!mayEdit}
            />
            <ChoiceField
              form={form}
              name="currency"
              label="Currency"
              options={codes}
              help="ISO 4217 code, e.g. INR."
              disabled={!mayEdit}
            />
            <FormTextField
              label="GSTIN"
              disabled={!mayEdit}
              slotProps={{ htmlInput: { maxLength: 15, autoCapitalize: 'characters', spellCheck: false } }}
              {...text('gstin')}
              helperText={
                errors.gstin?.message ??
                "Its first two digits are the state: the tax on partners' invoices depends on it"
              }
            />
          </Box>
        </Section>

        <Section
          title="Features"
          description="Changes apply to every member's menu as soon as they are saved."
        >
          <Stack spacing={1.5}>
            {FLAGS.map((flag) => (
              <Controller
                key={flag.key}
                control={form.control}
                name={flag.key}
                render={({ field }) => (
                  <Box>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={Boolean(field.value)}
                          onChange={(event) => field.onChange(event.target.checked)}
                          disabled={!mayEdit}
                          slotProps={{ input: { 'aria-describedby': `${flag.key}-help` } }}
                        />
                      }
                      label={flag.label}
                    />
                    <FormHelperText id={`${flag.key}-help`} sx={{ mt: -0.5, ml: 6 }}>
                      {flag.help}
                    </FormHelperText>
                  </Box>
                )}
              />
            ))}
          </Stack>
        </Section>

        <Section title="Ticket assignment" description="How new tickets are given out to technicians.">
          <Controller
            control={form.control}
            name="ticket_assignment_mode"
            render={({ field }) => (
              <RadioGroup
                aria-label="Ticket assignment"
                value={field.value ?? 'MANUAL'}
                onChange={(event) => field.onChange(event.target.value)}
              >
                {TICKET_ASSIGNMENT_MODES.map((mode) => (
                  <FormControlLabel
                    key={mode}
                    value={mode}
                    disabled={!mayEdit}
                    control={<Radio />}
                    label={TICKET_ASSIGNMENT_MODE_LABELS[mode]}
                  />
                ))}
              </RadioGroup>
            )}
          />
        </Section>

        {mayEdit && isDirty && (
          <Box
            role="region"
            aria-label="Unsaved changes"
            sx={{
              display: 'flex',
              gap: 1.5,
              justifyContent: 'flex-end',
              position: 'sticky',
              bottom: 0,
              py: 1.5,
              bgcolor: 'background.default',
              zIndex: 1,
            }}
          >
            <Typography color="text.secondary" sx={{ alignSelf: 'center', mr: 'auto' }}>
              Unsaved changes
            </Typography>
            <Button disabled={isSubmitting} onClick={() => form.reset(formValues(settings))}>
              Discard
            </Button>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              Save settings
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}

/** A required choice among many (time zones, currencies), typed to narrow the list. */
function ChoiceField(props: {
  form: UseFormReturn<Values, unknown, z.output<typeof organizationSettingsFields>>;
  name: 'time_zone' | 'currency';
  label: string;
  options: string[];
  help: string;
  disabled: boolean;
}) {
  const { form, name, label, options, help, disabled } = props;
  const error = form.formState.errors[name]?.message;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Autocomplete
          // A value the list lacks (an older zone name) is still shown.
          options={!field.value || options.includes(field.value) ? options : [field.value, ...options]}
          value={field.value ?? null}
          disabled={disabled}
          disableClearable
          onChange={(_event, value) => field.onChange(value)}
          onBlur={field.onBlur}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={label}
              required
              error={Boolean(error)}
              helperText={error ?? help}
            />
          )}
        />
      )}
    />
  );
}

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

function LogoSection({ settings, mayEdit }: { settings: OrganizationSettings; mayEdit: boolean }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const updateLogo = useOperation(UpdateOrganizationLogo, {
    invalidate: [currentUserKey],
    onSuccess: (answer) => {
      setProblem(null);
      queryClient.setQueryData(settingsQueryKey, answer.data.items[0]);
    },
    onError: (error) => {
      setProblem(error.message);
    },
  });
  // Which button shows the progress: the upload's or the removal's.
  const [removingLogo, setRemovingLogo] = useState(false);
  const changeLogo = (file: File | null) => {
    setRemovingLogo(file === null);
    updateLogo.run(async () => ({
      logo: file
        ? {
            content_type: file.type as (typeof LOGO_CONTENT_TYPES)[number],
            file_data: await readAsBase64(file),
          }
        : null,
    }));
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    // The server checks the same; saying it here spares a person the upload.
    if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      setProblem('The logo must be a PNG or JPEG image.');
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setProblem(`The logo must be at most 1 MB; this one is ${(file.size / 1024 / 1024).toFixed(1)} MB.`);
      return;
    }
    setProblem(null);
    changeLogo(file);
  };

  const url = settings.organization_logo_url;
  return (
    <Section title="Logo" description="Shown in the top bar for every member. PNG or JPEG, at most 1 MB.">
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 160,
            height: 96,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: '#fff',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            flexShrink: 0,
          }}
        >
          {url ? (
            <Box
              component="img"
              src={url}
              alt={`${settings.organization_name} logo`}
              sx={{ maxWidth: '90%', maxHeight: '90%', objectFit: 'contain' }}
            />
          ) : (
            <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <ImageOutlined />
              <Typography variant="caption">No logo</Typography>
            </Stack>
          )}
        </Box>
        {mayEdit && (
          <Stack spacing={1} sx={{ minWidth: 0 }}>
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                startIcon={<UploadOutlined />}
                loading={updateLogo.isPending && !removingLogo}
                disabled={updateLogo.isPending}
                onClick={() => input.current?.click()}
              >
                {url ? 'Replace logo' : 'Upload logo'}
              </Button>
              {url && (
                <Button
                  color="error"
                  startIcon={<DeleteOutlined />}
                  loading={updateLogo.isPending && removingLogo}
                  disabled={updateLogo.isPending}
                  onClick={() => changeLogo(null)}
                >
                  Remove logo
                </Button>
              )}
            </Box>
            <input
              ref={input}
              type="file"
              accept={LOGO_CONTENT_TYPES.join(',')}
              hidden
              aria-label="Logo file"
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            {problem && (
              <Alert severity="error" role="alert" sx={{ py: 0 }}>
                {problem}
              </Alert>
            )}
          </Stack>
        )}
      </Box>
    </Section>
  );
}
