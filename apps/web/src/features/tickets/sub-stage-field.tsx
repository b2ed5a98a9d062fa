import { useEffect, useId } from 'react';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ListWipSubStages } from '@fieldport/contract/operations/settings';
import { api } from '../../api/client.ts';
import { fieldError } from '../../ui/field-props.ts';
import { keptOffline } from '../../ui/offline.ts';
import { SelectGroupHeader } from '../../ui/select-group-header.tsx';

/** The organization's active sub-stages in their order (shared by the actions and Start work). */
export function useSubStages(enabled = true) {
  return useQuery({
    // Start work offline needs them (docs/product.md#working-offline).
    ...keptOffline,
    queryKey: ['list', ListWipSubStages.name, 'ticket-choices'],
    staleTime: 60_000,
    enabled,
    queryFn: async () =>
      (
        await api.query(ListWipSubStages, {
          status: 'ACTIVE',
          page_size: 100,
          sort_by: 'wip_sub_stage_order',
        })
      ).data.items,
  });
}

/**
 * The active sub-stages, grouped under their WIP states (the states are headers, not choices).
 * Starting work, the first sub-stage is chosen already: one tap starts it.
 */
export function SubStageField({ form }: { form: UseFormReturn<FieldValues, unknown, unknown> }) {
  const stages = useSubStages();
  const idPrefix = useId();
  const grouped = new Map<string, { id: string; name: string }[]>();
  for (const stage of stages.data ?? []) {
    const list = grouped.get(stage.wip_state_name) ?? [];
    list.push({ id: stage.wip_sub_stage_id, name: stage.wip_sub_stage_name });
    grouped.set(stage.wip_state_name, list);
  }
  const first = stages.data?.[0]?.wip_sub_stage_id;
  useEffect(() => {
    if (first && !form.getValues('wip_sub_stage_id')) form.setValue('wip_sub_stage_id', first);
  }, [first, form]);
  const message = fieldError(form, 'wip_sub_stage_id') ?? (stages.isError ? stages.error.message : undefined);
  return (
    <Controller
      control={form.control}
      name="wip_sub_stage_id"
      render={({ field }) => (
        <TextField
          select
          label="Sub-stage"
          required
          value={
            (stages.data ?? []).some((s) => s.wip_sub_stage_id === field.value) ? (field.value as string) : ''
          }
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(message)}
          helperText={message ?? (stages.isPending ? 'Loading the sub-stages…' : undefined)}
          slotProps={{ htmlInput: { 'aria-label': 'Sub-stage' } }}
        >
          {[...grouped.entries()].flatMap(([state, list], index) => {
            const headerId = `${idPrefix}-group-${index}`;
            return [
              <SelectGroupHeader key={`h-${state}`} id={headerId} label={state} />,
              ...list.map((stage) => (
                <MenuItem key={stage.id} value={stage.id} aria-describedby={headerId}>
                  {stage.name}
                </MenuItem>
              )),
            ];
          })}
        </TextField>
      )}
    />
  );
}
