import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { DashboardData } from '@fieldport/contract/operations/dashboard';
import { formatShortDay } from '../../ui/format.ts';

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 34 };

/** Tickets created and closed per day over the last 30 days, as an inline SVG (no chart library). */
export function TrendChart({ trend }: { trend: DashboardData['trend'] }) {
  const theme = useTheme();
  const max = Math.max(1, ...trend.flatMap((day) => [day.created, day.closed]));
  const ceiling = max <= 4 ? max : Math.ceil(max / 4) * 4;
  const x = (index: number) =>
    PAD.left + (trend.length <= 1 ? 0 : (index * (WIDTH - PAD.left - PAD.right)) / (trend.length - 1));
  const y = (value: number) => PAD.top + (1 - value / ceiling) * (HEIGHT - PAD.top - PAD.bottom);
  const line = (key: 'created' | 'closed') =>
    trend
      .map((day, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(day[key]).toFixed(1)}`)
      .join(' ');
  const ticks = Array.from(new Set([0, ceiling / 2, ceiling].map((value) => Math.round(value))));
  const created = trend.reduce((sum, day) => sum + day.created, 0);
  const closed = trend.reduce((sum, day) => sum + day.closed, 0);
  const colors = { created: theme.palette.primary.main, closed: theme.palette.success.main };
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        {(['created', 'closed'] as const).map((key) => (
          <Box key={key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box sx={{ width: 14, height: 3, bgcolor: colors[key], borderRadius: 1 }} aria-hidden />
            <Typography variant="body2">
              {key === 'created' ? 'Created' : 'Closed'}: {key === 'created' ? created : closed}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Last 30 days: ${created} tickets created, ${closed} closed`}
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={theme.palette.divider}
            />
            <text
              x={PAD.left - 6}
              y={y(tick) + 4}
              textAnchor="end"
              fontSize="11"
              fill={theme.palette.text.secondary}
            >
              {tick}
            </text>
          </g>
        ))}
        {trend.map((day, index) =>
          (index % 7 === 0 && trend.length - 1 - index >= 4) || index === trend.length - 1 ? (
            <text
              key={day.day}
              x={x(index)}
              y={HEIGHT - 8}
              textAnchor={index === 0 ? 'start' : index === trend.length - 1 ? 'end' : 'middle'}
              fontSize="11"
              fill={theme.palette.text.secondary}
            >
              {formatShortDay(day.day)}
            </text>
          ) : null,
        )}
        {(['created', 'closed'] as const).map((key) => (
          <path
            key={key}
            d={line(key)}
            fill="none"
            stroke={colors[key]}
            strokeWidth={2.5}
            strokeLinejoin="round"
          />
        ))}
        {trend.map((day, index) => (
          <g key={day.day}>
            <title>{`${formatShortDay(day.day)}: ${day.created} created, ${day.closed} closed`}</title>
            <rect
              x={x(index) - (WIDTH - PAD.left - PAD.right) / trend.length / 2}
              y={PAD.top}
              width={(WIDTH - PAD.left - PAD.right) / Math.max(1, trend.length)}
              height={HEIGHT - PAD.top - PAD.bottom}
              fill="transparent"
            />
          </g>
        ))}
      </Box>
    </Box>
  );
}
