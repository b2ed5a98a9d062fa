import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import {
  COMPONENT_REQUEST_STATE_LABELS,
  COMPONENT_UNIT_LABELS,
  GetTicketParts,
  IssueComponentRequest,
  MAX_REQUEST_LINES,
  MRF_STATE_LABELS,
  RaiseComponentRequest,
  RaiseMrf,
  raiseMrfSchema,
  type MrfItem,
  raiseComponentRequestSchema,
  type ComponentRequestItem,
  type ComponentRequestState,
  type TicketPartOut,
} from '@fieldport/contract/operations/inventory';
import { ListAdditionalParts } from '@fieldport/contract/operations/settings';
import { api } from '../../api/client.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields } from '../../ui/form-fields.tsx';
import { formatRupees, useInstantFormats } from '../../ui/format.ts';
import { componentLineField, storeField } from '../../ui/inventory-fields.ts';
import { LinesField, type LineFieldConfig } from '../../ui/lines-field.tsx';
import { MRF_STATE_COLORS } from '../../ui/inventory-states.ts';
import { StateChip } from '../../ui/status-chip.tsx';
import { ticketPartsKey, useTicketOperation } from './ticket-api.ts';

/**
 * A ticket's parts (docs/inventory.md#parts-for-a-ticket): its component requests and their
 * states, the parts its technician holds, what it consumed and what that cost, its additional
 * parts; a button to ask for more while the ticket is open, and the store's Issue on an approved
 * request for whoever keeps the store's stock.
 */
export function TicketPartsCard(props: { ticketId: string; ticketNumber: string; canIssue: boolean }) {
  const parts = useQuery({
    queryKey: ticketPartsKey(props.ticketId),
    queryFn: async () => (await api.query(GetTicketParts, { ticket_id: props.ticketId })).data.items[0],
  });
  const [asking, setAsking] = useState(false);
  const [raisingMrf, setRaisingMrf] = useState(false);
  if (parts.isPending && parts.fetchStatus === 'paused') {
    return (
      <Typography variant="body2" color="text.secondary">
        The parts show when you are back online.
      </Typography>
    );
  }
  if (parts.isPending) {
    return (
      <Box role="status" aria-label="Loading the parts" aria-busy="true">
        <Skeleton variant="rounded" height={96} />
      </Box>
    );
  }
  if (parts.isError || !parts.data) {
    return <Alert severity="warning">{parts.error?.message ?? 'The parts could not be read.'}</Alert>;
  }
  const p = parts.data;
  const nothing =
    p.requests.length === 0 &&
    p.parts_out.length === 0 &&
    p.consumed.length === 0 &&
    p.additional_parts.length === 0;
  return (
    <Stack spacing={2}>
      {nothing && (
        <Typography variant="body2" color="text.secondary">
          No parts asked for yet.
          {p.can_request
            ? ' Ask the store for components, or add additional parts, when the work needs them.'
            : ''}
        </Typography>
      )}
      {(p.can_request || p.can_raise_mrf) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {p.can_request && (
            <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setAsking(true)}>
              Ask for parts
            </Button>
          )}
          {p.can_raise_mrf && (
            <Button startIcon={<HourglassEmptyOutlined />} onClick={() => setRaisingMrf(true)}>
              No stock: raise MRF
            </Button>
          )}
        </Box>
      )}
      {p.mrfs.length > 0 && (
        <PartsSection title="Material requests (MRF)">
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {p.mrfs.map((item) => (
              <MrfEntry key={item.mrf_id} item={item} />
            ))}
          </Box>
        </PartsSection>
      )}
      {p.requests.length > 0 && (
        <PartsSection title="Requests">
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {p.requests.map((request) => (
              <RequestEntry
                key={request.component_request_id}
                request={request}
                ticketId={props.ticketId}
                canIssue={props.canIssue}
              />
            ))}
          </Box>
        </PartsSection>
      )}
      {p.parts_out.length > 0 && (
        <PartsSection title="With the technician">
          <PartRows
            rows={p.parts_out.map((part) => ({
              key: `${part.service_center_id}:${part.component_id}`,
              name: `${part.part_number} ${part.component_name}`,
              detail: `${quantityWords(part.quantity, part.unit)} from ${part.service_center_name}`,
              amount: part.value,
            }))}
          />
        </PartsSection>
      )}
      {p.consumed.length > 0 && (
        <PartsSection title="Used on the ticket">
          <PartRows
            rows={p.consumed.map((part) => ({
              key: `${part.service_center_name}:${part.component_id}`,
              name: `${part.part_number} ${part.component_name}`,
              detail: `${quantityWords(part.quantity, part.unit)} from ${part.service_center_name}`,
              amount: part.value,
            }))}
            total={{ label: 'Parts cost', amount: p.parts_cost }}
          />
        </PartsSection>
      )}
      {p.additional_parts.length > 0 && (
        <PartsSection title="Additional parts">
          <PartRows
            rows={p.additional_parts.map((part) => ({
              key: `${part.additional_part_id}:${part.unit_price}`,
              name: `${part.part_code} ${part.name}`,
              detail: `${part.quantity} × ${formatRupees(part.unit_price)}`,
              amount: part.amount,
            }))}
            total={{ label: 'Additional parts', amount: p.additional_parts_amount }}
          />
        </PartsSection>
      )}
      {raisingMrf && (
        <RaiseMrfDialog
          ticketId={props.ticketId}
          ticketNumber={props.ticketNumber}
          onClose={() => setRaisingMrf(false)}
        />
      )}
      {asking && (
        <RequestPartsDialog
          ticketId={props.ticketId}
          ticketNumber={props.ticketNumber}
          onClose={() => setAsking(false)}
        />
      )}
    </Stack>
  );
}

function quantityWords(quantity: number, unit: TicketPartOut['unit'] | null) {
  return `${quantity.toLocaleString('en-IN')} ${unit ? COMPONENT_UNIT_LABELS[unit] : ''}`.trim();
}

function PartsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Parts as lines of name, quantity and amount, with a total under them. */
function PartRows(props: {
  rows: { key: string; name: string; detail: string; amount: number }[];
  total?: { label: string; amount: number };
}) {
  const line = { display: 'flex', gap: 2, justifyContent: 'space-between', alignItems: 'baseline' };
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
      {props.rows.map((row) => (
        <Box component="li" key={row.key} sx={line}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {row.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {row.detail}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {formatRupees(row.amount)}
          </Typography>
        </Box>
      ))}
      {props.total && (
        <Box component="li" sx={{ ...line, borderTop: 1, borderColor: 'divider', pt: 0.75 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {props.total.label}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {formatRupees(props.total.amount)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

const STATE_COLORS: Record<ComponentRequestState, 'warning' | 'info' | 'success' | 'error' | 'default'> = {
  PENDING: 'warning',
  APPROVED: 'info',
  ISSUED: 'success',
  REJECTED: 'error',
  WITHDRAWN: 'default',
};

function RequestEntry(props: { request: ComponentRequestItem; ticketId: string; canIssue: boolean }) {
  const { request } = props;
  const format = useInstantFormats();
  const issue = useTicketOperation(IssueComponentRequest, props.ticketId);
  const who =
    request.state === 'ISSUED' && request.issued_on
      ? `Issued ${format.dateTime(request.issued_on)}${request.issued_to_name ? ` to ${request.issued_to_name}` : ''}`
      : `Asked ${format.dateTime(request.created_on)} by ${request.requested_by_name}`;
  return (
    <Box
      component="li"
      aria-label={`Component request ${request.request_number}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.25, display: 'grid', gap: 0.5 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {request.request_number}
        </Typography>
        <StateChip
          label={COMPONENT_REQUEST_STATE_LABELS[request.state]}
          color={STATE_COLORS[request.state]}
          outlined={request.state === 'WITHDRAWN'}
        />
        {request.service_center_name && (
          <Typography variant="body2" color="text.secondary">
            {request.service_center_name}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {request.lines
          .map((line) => `${quantityWords(line.quantity, line.unit)} × ${line.part_number} ${line.name}`)
          .join(', ')}
      </Typography>
      {request.decision_comment && (
        <Typography variant="body2" color="text.secondary">
          “{request.decision_comment}”
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {who}
      </Typography>
      {props.canIssue && request.state === 'APPROVED' && (
        <Box>
          <Button
            size="small"
            variant="contained"
            loading={issue.isPending}
            onClick={() => issue.run({ component_request_id: request.component_request_id })}
          >
            Issue to the technician
          </Button>
        </Box>
      )}
    </Box>
  );
}

function MrfEntry({ item }: { item: MrfItem }) {
  const format = useInstantFormats();
  return (
    <Box
      component="li"
      aria-label={`Material request ${item.mrf_number}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.25, display: 'grid', gap: 0.5 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {item.mrf_number}
        </Typography>
        <StateChip
          label={MRF_STATE_LABELS[item.state]}
          color={MRF_STATE_COLORS[item.state]}
          outlined={item.state === 'CANCELLED'}
        />
        <Typography variant="body2" color="text.secondary">
          {item.service_center_name}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {item.lines
          .map((line) => `${quantityWords(line.quantity, line.unit)} × ${line.part_number} ${line.name}`)
          .join(', ')}
      </Typography>
      {item.reason && (
        <Typography variant="body2" color="text.secondary">
          “{item.reason}”
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {item.fulfilled_on
          ? `Fulfilled ${format.dateTime(item.fulfilled_on)}${item.receipt_reference ? ` (${item.receipt_reference})` : ''}`
          : `Raised ${format.dateTime(item.created_on)} by ${item.raised_by_name}`}
      </Typography>
    </Box>
  );
}

type MrfForm = z.input<typeof raiseMrfSchema>;

/** Parts no store has: the ticket waits on hold for them until the store fulfils the MRF. */
function RaiseMrfDialog(props: { ticketId: string; ticketNumber: string; onClose: () => void }) {
  const raise = useTicketOperation(RaiseMrf, props.ticketId, { onSuccess: props.onClose });
  const defaults: MrfForm = {
    ticket_id: props.ticketId,
    service_center_id: '',
    components: [emptyComponentLine],
    note: '',
  };
  return (
    <FormDialog
      open
      title={`Raise an MRF for ${props.ticketNumber}`}
      schema={raiseMrfSchema}
      defaultValues={defaults}
      submitLabel="Raise MRF"
      maxWidth="md"
      onSubmit={(values) => raise.submit(values)}
      onClose={props.onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            For parts no store has. The ticket waits on hold for the material; when the store receives the
            parts they are issued to the technician and the ticket resumes.
          </Typography>
          <FormFields form={form} fields={[storeField('service_center_id', 'Store that gets the parts')]} />
          <LinesField
            form={form}
            name="components"
            label="Components needed"
            fields={[componentLineField, quantityField]}
            emptyLine={emptyComponentLine}
            max={MAX_REQUEST_LINES}
            addLabel="Add component"
          />
          <FormFields
            form={form}
            fields={[{ kind: 'text', name: 'note', label: 'Note', multiline: true, maxLength: 300 }]}
          />
        </>
      )}
    </FormDialog>
  );
}

type RequestForm = z.input<typeof raiseComponentRequestSchema>;
const emptyComponentLine = { component_id: '', quantity: 1 };
const emptyAdditionalLine = { additional_part_id: '', quantity: 1 };

const quantityField: LineFieldConfig = {
  kind: 'number',
  name: 'quantity',
  label: 'Quantity',
  required: true,
  min: 1,
};

/** Ask a store for components, and add additional parts, for the ticket; approval follows. */
function RequestPartsDialog(props: { ticketId: string; ticketNumber: string; onClose: () => void }) {
  const raise = useTicketOperation(RaiseComponentRequest, props.ticketId, { onSuccess: props.onClose });
  const defaults: RequestForm = {
    ticket_id: props.ticketId,
    service_center_id: '',
    components: [emptyComponentLine],
    additional_parts: [],
    note: '',
  };
  return (
    <FormDialog
      open
      title={`Ask for parts for ${props.ticketNumber}`}
      schema={raiseComponentRequestSchema}
      defaultValues={defaults}
      submitLabel="Ask for approval"
      maxWidth="md"
      onSubmit={(values) => raise.submit(values)}
      onClose={props.onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            The request waits for approval; the store then issues the components to the ticket’s technician.
            Choose the store when you ask for components.
          </Typography>
          <FormFields form={form} fields={[storeField('service_center_id', 'Store', false)]} />
          <LinesField
            form={form}
            name="components"
            label="Components"
            fields={[componentLineField, quantityField]}
            emptyLine={emptyComponentLine}
            max={MAX_REQUEST_LINES}
            addLabel="Add component"
          />
          <LinesField
            form={form}
            name="additional_parts"
            label="Additional parts"
            fields={[
              {
                kind: 'lookup',
                name: 'additional_part_id',
                label: 'Additional part',
                required: true,
                list: ListAdditionalParts,
                valueKey: 'additional_part_id',
                labelKey: 'additional_part_name',
                grow: 3,
              },
              quantityField,
            ]}
            emptyLine={emptyAdditionalLine}
            max={MAX_REQUEST_LINES}
            addLabel="Add additional part"
          />
          <FormFields
            form={form}
            fields={[{ kind: 'text', name: 'note', label: 'Note', multiline: true, maxLength: 300 }]}
          />
        </>
      )}
    </FormDialog>
  );
}

/**
 * What the close asks about the parts the technician holds: how many of each were used (all, to
 * begin with); the rest go back to their store. Controlled, for the closure-code panel and the
 * close dialog alike.
 */
export function PartsUsedFields(props: {
  parts: TicketPartOut[];
  used: number[];
  onChange: (index: number, used: number) => void;
  errorOf?: (index: number) => string | undefined;
}) {
  if (props.parts.length === 0) return null;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Parts with the technician: how many were used?
      </Typography>
      {props.parts.map((part, index) => {
        const used = props.used[index];
        const back = Number.isInteger(used) ? part.quantity - used : null;
        const error = props.errorOf?.(index);
        return (
          <TextField
            key={`${part.service_center_id}:${part.component_id}`}
            type="number"
            label={`Used: ${part.part_number} ${part.component_name}`}
            value={Number.isNaN(used) ? '' : used}
            onChange={(event) =>
              props.onChange(index, event.target.value === '' ? Number.NaN : Number(event.target.value))
            }
            error={Boolean(error)}
            helperText={
              error ??
              `${quantityWords(part.quantity, part.unit)} issued from ${part.service_center_name}` +
                (back !== null && back >= 0 && back <= part.quantity
                  ? `; ${back} ${back === 1 ? 'goes' : 'go'} back to the store`
                  : '')
            }
            slotProps={{ htmlInput: { min: 0, max: part.quantity, inputMode: 'numeric' } }}
          />
        );
      })}
    </Box>
  );
}

/** The close's parts_used with every part held used in full: what a close says unless changed. */
export function allPartsUsed(parts: TicketPartOut[]) {
  return parts.map((part) => ({
    service_center_id: part.service_center_id,
    component_id: part.component_id,
    quantity: part.quantity,
  }));
}
