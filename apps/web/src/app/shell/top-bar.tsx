import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { isDealerRole, roleLabel } from '@fieldport/contract/menus';
import { ReportIssueButton } from '../../features/report-issue/report-issue-button.tsx';
import { TopBarSearch } from '../../features/search/top-bar-search.tsx';
import { ALL_SEARCH_ROUTE } from '../../features/search/search-route.ts';
import { BrandMark } from '../../ui/brand-mark.tsx';
import { AccountMenu } from './account-menu.tsx';
import type { ShellState } from './shell-context.tsx';

/**
 * docs/product.md#the-shell: logo, organization name, Dealer Portal badge, report issue, user and
 * role; the search box when the menu has All Search (docs/search.md#the-screens).
 */
export function TopBar({
  shell,
  narrow,
  onOpenMenu,
}: {
  shell: ShellState | null;
  narrow: boolean;
  onOpenMenu: () => void;
}) {
  const user = shell?.user;
  const organization = user?.organization_details;
  return (
    <AppBar
      position="fixed"
      // Wide: the bar spans the page above the permanent drawer. Narrow: the temporary drawer covers it.
      sx={{ zIndex: (theme) => (narrow ? theme.zIndex.appBar : theme.zIndex.drawer + 1) }}
    >
      <Toolbar
        sx={{ gap: narrow ? 1 : 1.5, minHeight: { xs: 56, sm: 64 } }}
        variant={narrow ? 'dense' : 'regular'}
      >
        {narrow && shell && (
          <IconButton color="inherit" edge="start" aria-label="Open menu" onClick={onOpenMenu}>
            <MenuIcon />
          </IconButton>
        )}
        <Box
          sx={{
            bgcolor: '#fff',
            borderRadius: 1.5,
            p: 0.5,
            display: 'grid',
            placeItems: 'center',
            height: narrow ? 34 : 40,
            minWidth: narrow ? 34 : 40,
            flexShrink: 0,
          }}
        >
          {organization?.organization_logo_url ? (
            <Box
              component="img"
              src={organization.organization_logo_url}
              alt={`${organization.organization_name} logo`}
              sx={{ height: '100%', maxWidth: narrow ? 80 : 140, objectFit: 'contain' }}
            />
          ) : (
            <BrandMark
              size={narrow ? 26 : 30}
              title={organization ? `${organization.organization_name} logo` : 'Fieldport'}
            />
          )}
        </Box>
        <Box sx={{ minWidth: 0, display: 'flex', alignItems: 'center', gap: 1.25, flexGrow: 1 }}>
          <Typography
            component="p"
            noWrap
            sx={{ fontWeight: 700, fontSize: narrow ? '0.95rem' : '1.1rem', minWidth: 0 }}
            data-testid="organization-name"
          >
            {organization?.organization_name ?? 'Fieldport'}
          </Typography>
          {user && isDealerRole(user.user_type) && (
            <Chip
              label="Dealer Portal"
              size="small"
              sx={{ bgcolor: 'secondary.main', color: '#1d1d1d', fontWeight: 700, flexShrink: 0 }}
            />
          )}
        </Box>
        {shell?.allowedRoutes.has(ALL_SEARCH_ROUTE) && <TopBarSearch narrow={narrow} />}
        {shell && <ReportIssueButton compact={narrow} />}
        {user && !narrow && (
          <Box sx={{ textAlign: 'right', lineHeight: 1.2, maxWidth: 260 }}>
            <Typography noWrap sx={{ fontWeight: 600, fontSize: '0.95rem' }} data-testid="user-name">
              {user.user_name}
            </Typography>
            <Typography noWrap sx={{ fontSize: '0.78rem', opacity: 0.85 }} data-testid="user-role">
              {roleLabel(user.user_type)}
            </Typography>
          </Box>
        )}
        {shell && <AccountMenu user={shell.user} />}
      </Toolbar>
    </AppBar>
  );
}
