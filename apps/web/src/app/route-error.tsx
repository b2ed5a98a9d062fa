import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { BrandMark } from '../ui/brand-mark.tsx';
import { MuiProviders } from '../ui/mui-providers.tsx';

function Message({ title, text, reload = false }: { title: string; text: string; reload?: boolean }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Box sx={{ maxWidth: 480, textAlign: 'center' }}>
        <BrandMark size={48} />
        <Typography variant="h1" sx={{ mt: 2, mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {text}
        </Typography>
        {reload ? (
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        ) : (
          <Button variant="contained" component={RouterLink} to="/LandingPage">
            Go to my start page
          </Button>
        )}
      </Box>
    </Box>
  );
}

export function NotFoundPage() {
  return (
    <Message
      title="Page not found"
      text="There is no page at this address. It may have moved, or the link may be mistyped."
    />
  );
}

/** Shown when a page fails to render or its code cannot be loaded (for example after a new release). */
function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <Message
      title="Something went wrong"
      text="This page could not be shown. Reloading usually fixes it; if it keeps happening, report the issue to your administrator."
      reload
    />
  );
}

/** The root's error screen, with MUI's theme around it (the login page has none). */
export function RouteErrorScreen() {
  return (
    <MuiProviders>
      <RouteError />
    </MuiProviders>
  );
}
