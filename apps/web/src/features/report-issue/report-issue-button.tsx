import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import { CAPTURE_EXCLUDE_ATTRIBUTE, captureScreenshot, loadCapture } from './capture-screenshot.ts';
import { useIssue } from './issue-context.tsx';
import { VISUALLY_HIDDEN } from '../../ui/visually-hidden.ts';

/** docs/product.md#report-an-issue: the screenshot is taken 2000 ms after the button is pressed. */
const SCREENSHOT_DELAY_MS = 2000;

export function ReportIssueButton({ compact = false }: { compact?: boolean }) {
  const [capturing, setCapturing] = useState(false);
  const { setDraft } = useIssue();
  const navigate = useNavigate();
  const location = useLocation();

  async function start() {
    if (capturing) return;
    setCapturing(true);
    const previousRoute = location.pathname + location.search;
    // The library loads while the delay runs, so that the capture starts as soon as it ends.
    void loadCapture().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, SCREENSHOT_DELAY_MS));
    const screenshot = await captureScreenshot();
    setDraft({ screenshot, previousRoute });
    setCapturing(false);
    navigate('/ReportIssue');
  }

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {capturing && (
        <Box
          {...{ [CAPTURE_EXCLUDE_ATTRIBUTE]: '' }}
          role="status"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1.25,
            py: 0.5,
            borderRadius: 5,
            bgcolor: 'rgba(255,255,255,0.16)',
          }}
        >
          <CircularProgress size={14} color="inherit" aria-hidden />
          {!compact && (
            <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
              Capturing screenshot…
            </Typography>
          )}
          {compact && (
            <Box component="span" sx={VISUALLY_HIDDEN}>
              Capturing screenshot…
            </Box>
          )}
        </Box>
      )}
      <Tooltip title="Report an issue">
        <span>
          <IconButton color="inherit" aria-label="Report an issue" onClick={start} disabled={capturing}>
            <BugReportOutlined />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
