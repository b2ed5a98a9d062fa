import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReportData, ReportLayout } from '@fieldport/contract/operations/reports';
import { formatFigure } from '../../ui/format.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';

// MUI X Charts is the heaviest piece of the report screens: this module is loaded lazily by
// report-page.tsx, so that only the report screens pay for it (docs/architecture.md#what-each-screen-loads).

/** The bars a chart of named groups draws at most: more would not be read; the table has them all. */
const MOST_BARS = 30;
/** A bar of a chart of named groups, with its gap, in pixels (room for a name on two lines). */
const BAR_ROW = 36;

/**
 * The colours of the series, in order: the theme's blue and green for raised and closed, amber for
 * assigned (between the two), and for the aging buckets a scale from the freshest to the oldest
 * ticket (blue to red); days present, late and absent green, amber and red.
 */
const SERIES_COLORS: Record<string, string> = {
  created: '#1747a6',
  assigned: '#f29d12',
  closed: '#2e7d32',
  age_0_1: '#7ea6e8',
  age_1_3: '#1747a6',
  age_3_7: '#f29d12',
  age_7_15: '#b45309',
  age_over_15: '#b71c1c',
  present: '#2e7d32',
  late: '#f29d12',
  absent: '#b71c1c',
};
const OTHER_COLORS = ['#1747a6', '#2e7d32', '#f29d12', '#6a1b9a', '#b71c1c'];

/**
 * A name beside its bar, on at most two lines of at most `width` characters, cut with an ellipsis
 * beyond; the tooltip and the table say it whole.
 */
function wrapLabel(label: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of label.split(' ')) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  const shown = lines.slice(0, 2);
  if (lines.length > 2) shown[1] = `${shown[1]} ${lines.slice(2).join(' ')}`;
  return shown.map((text) => (text.length > width ? `${text.slice(0, width - 1)}…` : text)).join('\n');
}

/**
 * The report's chart (`chart.labels` × `chart.series`, over every row): bars up a time axis for a
 * report by month, or across for named groups (a service partner, a service type), whose names
 * need the width; stacked when the layout says so. The figure around it (report-page.tsx) names it.
 */
export default function ReportChart({
  chart,
  layout,
}: {
  chart: ReportData['chart'];
  layout: Pick<ReportLayout, 'columns' | 'chart'>;
}) {
  const narrow = useNarrowScreen();
  const timeAxis = layout.chart.time === true || layout.columns[0].key === 'month';
  const shown = timeAxis ? chart.labels.length : Math.min(chart.labels.length, MOST_BARS);
  const labels = chart.labels.slice(0, shown);
  const formatOf = (key: string) => layout.columns.find((column) => column.key === key)?.format ?? 'count';
  const series = chart.series.map((entry, index) => ({
    id: entry.key,
    label: entry.label,
    data: entry.values.slice(0, shown),
    color: SERIES_COLORS[entry.key] ?? OTHER_COLORS[index % OTHER_COLORS.length],
    stack: layout.chart.stacked ? 'total' : undefined,
    valueFormatter: (value: number | null) => formatFigure(formatOf(entry.key), value),
  }));
  const groups = series.length > 1 && !layout.chart.stacked ? series.length : 1;
  const height = timeAxis ? (narrow ? 240 : 300) : labels.length * BAR_ROW * (groups > 1 ? 1.5 : 1) + 80;
  const band = {
    scaleType: 'band' as const,
    data: labels,
    valueFormatter: (value: string, context: { location: string }) =>
      context.location === 'tick' && !timeAxis ? wrapLabel(value, narrow ? 16 : 30) : value,
  };
  const figures = { tickMinStep: 1, valueFormatter: (value: number | null) => formatFigure('count', value) };
  return (
    <Box>
      <BarChart
        height={height}
        layout={timeAxis ? 'vertical' : 'horizontal'}
        series={series}
        xAxis={[timeAxis ? { ...band, height: narrow ? 40 : 30 } : figures]}
        yAxis={[timeAxis ? { ...figures, width: 48 } : { ...band, width: narrow ? 112 : 210 }]}
        grid={timeAxis ? { horizontal: true } : { vertical: true }}
        slotProps={{
          legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } },
        }}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        skipAnimation
      />
      {shown < chart.labels.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The chart shows the first {shown} of {chart.labels.length}; the table below has them all.
        </Typography>
      )}
    </Box>
  );
}
