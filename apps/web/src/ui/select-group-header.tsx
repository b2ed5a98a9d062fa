import ListSubheader from '@mui/material/ListSubheader';

/**
 * The name of a group of options in a select's menu (`TextField select`): a header, not an option.
 * MUI's Select turns every child into an option (role, click, selection); this component takes
 * only its own props, so the header can be neither focused nor chosen, and screen readers do not
 * count it among the options. Give each option of the group `aria-describedby={id}` so that the
 * group's name is read with it.
 */
export function SelectGroupHeader({ id, label }: { id: string; label: string }) {
  return (
    <ListSubheader
      id={id}
      role="presentation"
      sx={{ lineHeight: 2.5, fontWeight: 700, color: 'text.primary', bgcolor: 'grey.100' }}
    >
      {label}
    </ListSubheader>
  );
}
