import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import Business from '@mui/icons-material/BusinessOutlined';
import Check from '@mui/icons-material/Check';
import Logout from '@mui/icons-material/Logout';
import { roleLabel } from '@fieldport/contract/menus';
import type { CurrentUser } from '@fieldport/contract/operations/account';
import { useOrganizationSwitch } from '../../features/account/use-organization-switch.ts';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { useSignOut } from './use-sign-out.ts';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0] ?? '?').slice(0, 2)
  ).toUpperCase();
}

/** The user menu of the top bar (docs/product.md#the-shell): Switch Organization and SignOut. */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const signOut = useSignOut();
  const switcher = useOrganizationSwitch(user, { enabled: open });
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'account-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar
          sx={{
            width: 34,
            height: 34,
            bgcolor: 'secondary.main',
            color: '#1d1d1d',
            fontSize: '0.9rem',
            fontWeight: 700,
          }}
        >
          {initials(user.user_name)}
        </Avatar>
      </IconButton>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { minWidth: 270, maxWidth: 340, mt: 1 } },
          list: { 'aria-label': 'Account menu' },
        }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {user.user_name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.user_email_id}
          </Typography>
          <Typography variant="caption" color="primary" sx={{ fontWeight: 600 }}>
            {roleLabel(user.user_type)}
          </Typography>
        </Box>
        <Divider />
        {/* A heading, not an item: inside role="menu" a plain list item is invalid (axe:
            aria-required-children), and MUI's keyboard moves only between the menu's own items. */}
        <ListSubheader role="presentation" sx={{ lineHeight: '36px' }}>
          Switch Organization
        </ListSubheader>
        {switcher.loading && (
          <MenuItem disabled>
            <ListItemIcon>
              <CircularProgress size={16} />
            </ListItemIcon>
            <ListItemText primary="Loading organizations…" />
          </MenuItem>
        )}
        {switcher.loadError && (
          <MenuItem disabled>
            <ListItemText
              primary={switcher.loadError}
              slotProps={{ primary: { sx: { whiteSpace: 'normal' } } }}
            />
          </MenuItem>
        )}
        {switcher.organizations.map((organization) => {
          const current = organization.organization_id === user.organization_id;
          const switching = switcher.switchingTo === organization.organization_id;
          return (
            <MenuItem
              key={organization.organization_id}
              aria-current={current ? 'true' : undefined}
              selected={current}
              disabled={switcher.switchingTo !== null && !switching}
              onClick={() => {
                if (!current) switcher.switchTo(organization.organization_id);
                close();
              }}
            >
              <ListItemIcon>
                {switching ? (
                  <CircularProgress size={16} />
                ) : current ? (
                  <Check fontSize="small" />
                ) : (
                  <Business fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={organization.organization_name}
                slotProps={{ primary: { noWrap: true } }}
              />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void signOut();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="SignOut" />
        </MenuItem>
      </Menu>
      <LoadingOverlay open={switcher.switchingTo !== null} label="Switching organization" />
    </>
  );
}
