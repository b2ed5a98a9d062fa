import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import type { AutocompleteRenderGroupParams } from '@mui/material/Autocomplete';

/**
 * An Autocomplete's group of options (`groupBy`) that assistive technology reads as one: MUI's own
 * puts a plain list inside the listbox, so the options have no listbox or group around them
 * (axe: aria-required-children, aria-required-parent, list). Here the group is a `group` named by
 * its header and the inner list is only layout. Pass as `renderGroup`.
 */
export function renderAutocompleteGroup(params: AutocompleteRenderGroupParams) {
  const headerId = `${params.key}-group-header`;
  return (
    <li key={params.key} role="group" aria-labelledby={headerId}>
      <ListSubheader id={headerId} component="div" role="presentation" sx={{ top: -8 }}>
        {params.group}
      </ListSubheader>
      <Box component="ul" role="presentation" sx={{ p: 0, '& .MuiAutocomplete-option': { pl: 3 } }}>
        {params.children}
      </Box>
    </li>
  );
}
