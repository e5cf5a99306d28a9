import type { Semaine } from '@guichet/contract';
import {
  Box,
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { frFRLocalText } from '@mui/x-charts/locales';
import { useId, useState } from 'react';

type Measure = keyof Omit<Semaine, 'semaine'>;
export type ChartSeries = { key: Measure; label: string; color: string };

/** « 16/03/2026 » from « 2026-03-16 » (a Paris Monday, already a day: no time zone involved). */
export const weekLabel = (monday: string) => monday.split('-').reverse().join('/');
const shortWeek = (monday: string) => monday.split('-').slice(1).reverse().join('/');

/**
 * One weekly chart of the dashboard with its title, and its figures as a table behind « Voir les
 * données » (the chart itself is a picture for screen readers: the table is its text alternative).
 */
export function WeeklyChart({
  title,
  semaines,
  series,
}: {
  title: string;
  semaines: Semaine[];
  series: ChartSeries[];
}) {
  const id = useId();
  const [table, setTable] = useState(false);
  const total = (key: Measure) => semaines.reduce((n, s) => n + s[key], 0);
  const peak = Math.max(0, ...series.flatMap((s) => semaines.map((w) => w[s.key])));
  const summary = series.map((s) => `${s.label} : ${total(s.key)}`).join(', ');
  return (
    <Paper component="section" aria-labelledby={`${id}-titre`} variant="outlined" sx={{ p: 2 }}>
      <Typography id={`${id}-titre`} variant="h6" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Sur douze mois, par semaine (lundi) : {summary}.
      </Typography>
      <Box role="img" aria-label={`Courbe « ${title} » ; ses données sont dans le tableau « Voir les données ».`}>
        <LineChart
          height={220}
          skipAnimation
          localeText={frFRLocalText}
          xAxis={[
            {
              scaleType: 'point',
              data: semaines.map((s) => s.semaine),
              valueFormatter: (v: string, ctx) =>
                ctx.location === 'tick' ? shortWeek(v) : `Semaine du ${weekLabel(v)}`,
              tickLabelInterval: (_v, i) => i % 8 === 0,
            },
          ]}
          // Counts: whole ticks from zero; an empty year still draws an axis up to 1.
          yAxis={[
            {
              min: 0,
              max: peak === 0 ? 1 : undefined,
              tickMinStep: 1,
              valueFormatter: (v: number) => (Number.isInteger(v) ? String(v) : ''),
            },
          ]}
          series={series.map((s) => ({
            data: semaines.map((w) => w[s.key]),
            label: s.label,
            color: s.color,
            showMark: false,
            curve: 'linear' as const,
          }))}
          margin={{ left: 0, right: 16 }}
        />
      </Box>
      <Button
        size="small"
        aria-expanded={table}
        aria-controls={`${id}-donnees`}
        onClick={() => setTable((v) => !v)}
        sx={{ mt: 1 }}
      >
        {table ? 'Masquer les données' : 'Voir les données'}
      </Button>
      {/* Scrolls within the card: reachable by keyboard (axe « scrollable-region-focusable »). */}
      <TableContainer
        id={`${id}-donnees`}
        hidden={!table}
        tabIndex={0}
        role="group"
        aria-label={`Données : ${title}`}
        sx={{ maxHeight: 320 }}
      >
        <Table size="small" stickyHeader>
          <caption>{title}, par semaine</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Semaine du
              </TableCell>
              {series.map((s) => (
                <TableCell key={s.key} component="th" scope="col" align="right">
                  {s.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {semaines.map((w) => (
              <TableRow key={w.semaine}>
                <TableCell component="th" scope="row">
                  {weekLabel(w.semaine)}
                </TableCell>
                {series.map((s) => (
                  <TableCell key={s.key} align="right">
                    {w[s.key]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
