import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import MailOutline from '@mui/icons-material/MailOutlined';
import type { ReactNode } from 'react';
import { roleLabel } from '@fieldport/contract/menus';
import type { CurrentUser } from '@fieldport/contract/operations/account';
import { PageTitle } from '../../ui/page-title.tsx';

/** /Dashboard until the dashboard issue brings its figures: a welcome with who and where you are. */
export function DashboardPage({ user }: { user: CurrentUser }) {
  const organization = user.organization_details.organization_name;
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title="Dashboard" />
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 3, sm: 4 },
          mb: 3,
          color: '#fff',
          border: 0,
          background: 'linear-gradient(120deg, #0f3278 0%, #1747a6 60%, #2f6fd6 100%)',
        }}
      >
        <Typography variant="h2" component="p" sx={{ mb: 1 }}>
          Welcome, {user.user_name}
        </Typography>
        <Typography sx={{ opacity: 0.9 }}>
          You are signed in to {organization} as {roleLabel(user.user_type)}.
        </Typography>
      </Paper>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', mb: 3 }}
      >
        <Fact icon={<BusinessOutlined />} label="Organization" value={organization} />
        <Fact icon={<BadgeOutlined />} label="Role" value={roleLabel(user.user_type)} />
        <Fact icon={<MailOutline />} label="Email" value={user.user_email_id} />
      </Box>
      <Typography color="text.secondary">
        Ticket counts, engineer availability and other dashboard figures arrive with the dashboard issue.
      </Typography>
    </Box>
  );
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5, display: 'flex', gap: 2, alignItems: 'center', minWidth: 0 }}>
      <Box sx={{ color: 'primary.main', display: 'grid', placeItems: 'center' }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {label}
        </Typography>
        <Typography sx={{ fontWeight: 600 }} noWrap title={value}>
          {value}
        </Typography>
      </Box>
    </Paper>
  );
}
