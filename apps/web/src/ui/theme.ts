import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#1747a6', dark: '#0f3278', light: '#4a72c4' },
    secondary: { main: '#f29d12' },
    success: { main: '#2e7d32' },
    error: { main: '#d32f2f' },
    // Darker than MUI's defaults, so that chips in these colours pass WCAG AA contrast (4.5:1)
    // filled with white text and outlined on white or on the page's background (#f4f6fb, where
    // #0277bd gave 4.43:1).
    info: { main: '#01579b' },
    warning: { main: '#b45309' },
    background: { default: '#f4f6fb', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
    h1: { fontSize: '1.75rem', fontWeight: 700 },
    h2: { fontSize: '1.4rem', fontWeight: 700 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
});
