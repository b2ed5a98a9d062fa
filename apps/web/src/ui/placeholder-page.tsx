import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { PageTitle } from './page-title.tsx';

/** 'fgr' -> 'FGR', 'tickets' -> 'Tickets'. */
function areaLabel(area: string): string {
  return area.length <= 3 ? area.toUpperCase() : area[0].toUpperCase() + area.slice(1);
}

/** The page of a shell route whose area is not built yet (one component for every such route). */
export function PlaceholderPage({ title, area }: { title: string; area: string }) {
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={title} />
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, display: 'flex', gap: 3, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <Box
          aria-hidden
          sx={{
            width: 56,
            height: 56,
            borderRadius: 3,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(23, 71, 166, 0.08)',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          <ConstructionOutlined fontSize="large" />
        </Box>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Chip label={areaLabel(area)} size="small" variant="outlined" color="primary" sx={{ mb: 1.5 }} />
          <Typography variant="h6" component="p" sx={{ fontWeight: 600, mb: 1 }}>
            {title} is on its way
          </Typography>
          <Typography color="text.secondary">
            This page is not built yet. Everything else in the portal works in the meantime.
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}
