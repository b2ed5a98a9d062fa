import { Fragment, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Tooltip from '@mui/material/Tooltip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { RIGHTS, type Right } from '@fieldport/contract/operation';
import type { AccessModule, ModuleRights } from '@fieldport/contract/operations/account';
import { RIGHT_LABELS, grantableModules } from '@fieldport/contract/operations/designations';
import { normalizeModuleName, type MenuItem } from '@fieldport/contract/menus';
import type { RightGrant } from '@fieldport/contract/permissions';

type Rights = Record<Right, boolean>;
/** 'Tickets' for a module, 'Tickets › Active Tickets' for a sub-module. */
type Grants = Map<string, Rights>;

const SEPARATOR = ' › ';
const NONE: Rights = {
  VIEW: false,
  CREATE: false,
  EDIT: false,
  DELETE: false,
  APPROVE: false,
  EXPORT: false,
};

function rightsOf(entry: AccessModule | undefined): Rights {
  const merged = { ...NONE };
  for (const rights of entry?.module_rights ?? []) {
    for (const right of RIGHTS) if ((rights as Partial<Rights>)[right]) merged[right] = true;
  }
  return merged;
}

const same = (a: string, b: string) => normalizeModuleName(a) === normalizeModuleName(b);

/** accessing_module as a map of the menu's modules (names matched ignoring case and spaces). */
function toGrants(menu: MenuItem[], accessing: AccessModule[]): Grants {
  const grants: Grants = new Map();
  for (const item of menu) {
    const entry = accessing.find((candidate) => same(candidate.module_name, item.MenuName));
    grants.set(item.MenuName, rightsOf(entry));
    for (const sub of item.SubMenu) {
      const subEntry = entry?.sub_modules.find((candidate) => same(candidate.module_name, sub.MenuName));
      grants.set(item.MenuName + SEPARATOR + sub.MenuName, rightsOf(subEntry));
    }
  }
  return grants;
}

/**
 * Back to accessing_module: a module or sub-module is kept only with VIEW
 * (docs/product.md#menus-and-landing-pages: the menu shows what VIEW grants, and any other right
 * needs the module in the menu), a sub-module only under a module that is kept.
 */
function toAccessing(menu: MenuItem[], grants: Grants): AccessModule[] {
  const entry = (name: string, rights: Rights, sub_modules: AccessModule[] = []): AccessModule => ({
    module_name: name,
    module_rights: [{ ...rights } as ModuleRights],
    sub_modules,
  });
  return menu.flatMap((item) => {
    const rights = grants.get(item.MenuName) ?? NONE;
    if (!rights.VIEW) return [];
    const subs = item.SubMenu.flatMap((sub) => {
      const subRights = grants.get(item.MenuName + SEPARATOR + sub.MenuName) ?? NONE;
      return subRights.VIEW ? [entry(sub.MenuName, subRights)] : [];
    });
    return [entry(item.MenuName, rights, subs)];
  });
}

/**
 * The module and sub-module rights of a designation, over the exact module names of the full menu
 * (docs/product.md#people-designations-and-rights). Giving any right also gives View (nothing is
 * reachable without it); taking View away takes the module's other rights; a sub-module needs its
 * module's View.
 */
export function RightsEditor({
  value,
  onChange,
  narrow,
  disabled,
  holds = () => true,
  lockedReason = '',
}: {
  value: AccessModule[];
  onChange: (value: AccessModule[]) => void;
  narrow: boolean;
  disabled?: boolean;
  /**
   * Whether the person editing holds a right, and so may give or take it
   * (docs/people.md#who-may-grant-what); the others are shown fixed, as they are.
   */
  holds?: (grant: RightGrant) => boolean;
  /** Why a fixed right cannot be changed, said beside it. */
  lockedReason?: string;
}) {
  const menu = useMemo(() => grantableModules(), []);
  const grants = useMemo(() => toGrants(menu, value), [menu, value]);
  const locked = (key: string, right: Right) => {
    const [module, sub_module = null] = key.split(SEPARATOR);
    return !holds({ module, sub_module, right });
  };
  /** A right the person may not change keeps its value; View stays while a fixed right needs it. */
  const apply = (key: string, current: Rights, wanted: Rights): Rights => {
    const next = { ...wanted };
    for (const right of RIGHTS) if (locked(key, right)) next[right] = current[right];
    if (RIGHTS.some((right) => right !== 'VIEW' && next[right])) next.VIEW = true;
    return next;
  };
  // Groups open where something is granted, so that what the designation does is in sight.
  const [open, setOpen] = useState<Set<string>>(
    () => new Set(menu.filter((item) => grants.get(item.MenuName)?.VIEW).map((item) => item.MenuName)),
  );

  const set = (key: string, right: Right, on: boolean) => {
    const next: Grants = new Map(grants);
    const current = next.get(key) ?? NONE;
    const wanted =
      right === 'VIEW' && !on ? { ...NONE } : { ...current, [right]: on, VIEW: on || current.VIEW };
    next.set(key, apply(key, current, wanted));
    const [group] = key.split(SEPARATOR);
    if (on && group !== key) {
      const groupRights = next.get(group) ?? NONE;
      next.set(group, apply(group, groupRights, { ...groupRights, VIEW: true }));
    }
    onChange(toAccessing(menu, next));
  };

  const setAll = (on: boolean) => {
    const next: Grants = new Map();
    const all: Rights = { VIEW: true, CREATE: true, EDIT: true, DELETE: true, APPROVE: true, EXPORT: true };
    for (const [key, current] of grants) next.set(key, apply(key, current, on ? all : { ...NONE }));
    onChange(toAccessing(menu, next));
    if (on) setOpen(new Set(menu.map((item) => item.MenuName)));
  };

  const toggleOpen = (name: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  const rows = menu.flatMap((item) => [
    { key: item.MenuName, label: item.MenuName, group: item, sub: false, reachable: true },
    ...(open.has(item.MenuName)
      ? item.SubMenu.map((sub) => ({
          key: item.MenuName + SEPARATOR + sub.MenuName,
          label: sub.MenuName,
          group: item,
          sub: true,
          reachable: Boolean(grants.get(item.MenuName)?.VIEW),
        }))
      : []),
  ]);

  /** A right the person may not change; View cannot go either while a fixed right of the row needs it. */
  const isFixed = (key: string, right: Right) => {
    const rights = grants.get(key) ?? NONE;
    return (
      locked(key, right) ||
      (right === 'VIEW' &&
        rights.VIEW &&
        RIGHTS.some((other) => other !== 'VIEW' && rights[other] && locked(key, other)))
    );
  };

  const checkbox = (row: (typeof rows)[number], right: Right) => {
    const rights = grants.get(row.key) ?? NONE;
    const where = row.sub ? `${row.group.MenuName}${SEPARATOR}${row.label}` : row.label;
    const fixed = isFixed(row.key, right);
    const label = `${RIGHT_LABELS[right]} on ${where}${fixed && !disabled ? ` (fixed: ${lockedReason})` : ''}`;
    const box = (
      <Checkbox
        size="small"
        checked={rights[right]}
        disabled={disabled || fixed}
        onChange={(event) => set(row.key, right, event.target.checked)}
        slotProps={{ input: { 'aria-label': label } }}
        sx={{ p: 0.75 }}
      />
    );
    if (!fixed || disabled) return box;
    // A disabled control gets no pointer events: the tooltip hangs on a wrapper that can be focused.
    return (
      <Tooltip title={lockedReason}>
        <Box component="span" tabIndex={0} sx={{ display: 'inline-flex' }}>
          {box}
        </Box>
      </Tooltip>
    );
  };

  const expander = (row: (typeof rows)[number]) =>
    !row.sub && row.group.SubMenu.length > 0 ? (
      <IconButton
        size="small"
        onClick={() => toggleOpen(row.group.MenuName)}
        aria-expanded={open.has(row.group.MenuName)}
        aria-label={`${open.has(row.group.MenuName) ? 'Hide' : 'Show'} the sub-modules of ${row.group.MenuName}`}
      >
        {open.has(row.group.MenuName) ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </IconButton>
    ) : (
      <Box sx={{ width: 34, flexShrink: 0 }} />
    );

  // A sub-module out of reach (its module has no View) is told in words and in a quieter colour that
  // still meets WCAG contrast; fading the row would not.
  const rowLabel = (row: (typeof rows)[number]) => (
    <Typography
      variant="body2"
      color={row.reachable ? 'text.primary' : 'text.secondary'}
      sx={{ fontWeight: row.sub ? 400 : 700 }}
    >
      {row.label}
      {!row.reachable && ` (needs View on ${row.group.MenuName})`}
    </Typography>
  );

  const granted = value.length;
  return (
    <Box role="group" aria-label="Module rights">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>Module rights</Typography>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {granted === 0 ? 'No module granted' : `${granted} module${granted === 1 ? '' : 's'} in the menu`}
        </Typography>
        {!disabled && lockedReason && rows.some((row) => RIGHTS.some((right) => locked(row.key, right))) && (
          <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%', order: 1 }}>
            Rights you do not hold yourself are greyed out and stay as they are.
          </Typography>
        )}
        {!disabled && (
          <>
            <Button size="small" onClick={() => setAll(true)}>
              Grant all
            </Button>
            <Button size="small" color="error" onClick={() => setAll(false)}>
              Clear all
            </Button>
          </>
        )}
      </Box>
      {narrow ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {rows.map((row) => (
            <Paper key={row.key} variant="outlined" sx={{ p: 1, ml: row.sub ? 2 : 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: row.sub ? 1 : 0 }}>
                {!row.sub && expander(row)}
                {rowLabel(row)}
              </Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, pl: 1 }}>
                {RIGHTS.map((right) => (
                  <FormControlLabel
                    key={right}
                    control={checkbox(row, right)}
                    label={RIGHT_LABELS[right]}
                    disabled={disabled || isFixed(row.key, right)}
                    slotProps={{ typography: { variant: 'body2' } }}
                    sx={{ mr: 0.5 }}
                  />
                ))}
              </Box>
            </Paper>
          ))}
        </Box>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: '52vh' }}>
          <Table size="small" stickyHeader aria-label="Module rights">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>Module</TableCell>
                {RIGHTS.map((right) => (
                  <TableCell key={right} align="center" sx={{ fontWeight: 700, px: 0.5 }}>
                    {RIGHT_LABELS[right]}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <Fragment key={row.key}>
                  <TableRow hover>
                    <TableCell sx={{ py: 0.25 }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: row.sub ? 7 : 0 }}>
                        {!row.sub && expander(row)}
                        {rowLabel(row)}
                      </Box>
                    </TableCell>
                    {RIGHTS.map((right) => (
                      <TableCell key={right} align="center" sx={{ py: 0, px: 0.5 }}>
                        {checkbox(row, right)}
                      </TableCell>
                    ))}
                  </TableRow>
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
