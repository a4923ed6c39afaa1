// The program's figures for its managers (decision 081): filters (country, from and to months), then each figure as
// a chart with a table view, a one-sentence summary (what a screen reader and print read) and a CSV download of its
// table. Every count comes suppressed from the server ("<5"); nothing here names a patient.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import type { FigureTable } from '@portal/contracts/program-figures';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { countryName } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { useT } from '../../../program/use-t.ts';
import { figuresQuery, type ProgramFigures } from '../api/figures-api.ts';
import { dateTimeIn } from './admin-format.ts';
import { StepHeading } from './step-heading.tsx';

const FigureChart = lazy(() => import('./figure-chart.tsx'));

type Cell = number | '<5';
/** A text key's part from an API value (`will-buy` → `willBuy`). */
const keyOf = (value: string) => value.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
const numberOf = (cell: Cell) => (cell === '<5' ? null : cell);
const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)} %`);

/** A CSV of a table, made in the browser: counts and labels only. */
function downloadCsv(name: string, header: string[], rows: (string | number)[][]) {
  const quote = (value: string | number) => `"${String(value).replaceAll('"', '""')}"`;
  const text = [header, ...rows].map((row) => row.map(quote).join(',')).join('\r\n');
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}\r\n`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface BlockProps {
  id: string;
  title: string;
  summary: string;
  /** The row's label column's heading and each column's heading. */
  header: string[];
  rows: { label: string; cells: (number | string)[] }[];
  /** The chart's series (numbers only); none: a table only. */
  chart?: { labels: string[]; series: { name: string; values: (number | null)[] }[] };
}

function FigureBlock({ id, title, summary, header, rows, chart }: BlockProps) {
  const t = useT();
  const [asTable, setAsTable] = useState(!chart);
  const headingId = useId();
  return (
    <section className="staff-figure" aria-labelledby={headingId} data-figure={id}>
      <div className="staff-figure__head">
        <h3 id={headingId}>{title}</h3>
        <div className="staff-figure__actions">
          {chart ? (
            <button
              type="button"
              className="button button--ghost"
              aria-pressed={asTable}
              onClick={() => setAsTable(!asTable)}
            >
              {t('staff.figures.tableView')}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--ghost"
            onClick={() =>
              downloadCsv(
                id,
                header,
                rows.map((row) => [row.label, ...row.cells]),
              )
            }
          >
            {t('staff.figures.downloadCsv')}
          </button>
        </div>
      </div>
      <p className="staff-figure__summary">{summary}</p>
      {chart && !asTable ? (
        <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
          <FigureChart labels={chart.labels} series={chart.series} />
        </Suspense>
      ) : (
        <div
          className="staff-table-wrap"
          role="region"
          aria-label={`${title}: ${t('staff.figures.tableView')}`}
          tabIndex={0}
        >
          <table className="staff-table staff-table--figures">
            <thead>
              <tr>
                {header.map((heading, index) => (
                  <th key={index} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {row.cells.map((cell, index) => (
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The rows and the chart of a table with its own column names. */
function blockOf(table: FigureTable, columnNames: string[], labelOf: (key: string) => string = (key) => key) {
  return {
    rows: [...table.rows.map((row) => ({ label: labelOf(row.key), cells: row.cells }))],
    chart: {
      labels: table.rows.map((row) => labelOf(row.key)),
      series: columnNames.map((name, index) => ({
        name,
        values: table.rows.map((row) => numberOf(row.cells[index]!)),
      })),
    },
  };
}

const totalText = (cell: Cell) => String(cell);

function Figures({ data }: { data: ProgramFigures }) {
  const t = useT();
  const { language } = useLanguage();
  const month = t('staff.figures.month');
  const enrolments = blockOf(data.enrolments, [t('staff.figures.enrolments.title')]);
  const freeUnits = blockOf(data.freeUnits, [t('staff.figures.freeUnits.title')]);
  const lessons = blockOf(data.lessons, [t('staff.figures.lessons.title')]);
  const appointmentColumns = [
    t('staff.figures.appointments.booked'),
    t('staff.figures.appointments.cancelled'),
    t('staff.figures.appointments.missed'),
  ];
  const appointments = blockOf(data.appointments, appointmentColumns);
  const outcomeColumns = data.outreach.outcomes.columns.map((key) => t(`staff.figures.outreach.outcome.${keyOf(key)}`));
  const outcomes = blockOf(data.outreach.outcomes, outcomeColumns);
  const productName = (productId: string) =>
    data.pdc.products.find((one) => String(one.productId) === productId)?.medicine ?? productId;
  const decileNames = Array.from({ length: 10 }, (_, d) => `${d * 10}–${d * 10 + 10} %`);
  const horizonNames = data.persistence.horizons.map((h) => t('staff.figures.persistence.horizon', { days: h }));
  return (
    <div className="staff-figures stack">
      <p className="staff-outreach__refreshed">
        {data.refreshedAt
          ? t('staff.figures.refreshedAt', { time: dateTimeIn(language, data.refreshedAt) })
          : t('staff.figures.neverRefreshed')}
      </p>
      <p>{t('staff.figures.suppression')}</p>
      <p className="staff-figures__active">{t('staff.figures.active', { count: totalText(data.active) })}</p>
      <FigureBlock
        id="enrolments"
        title={t('staff.figures.enrolments.title')}
        summary={t('staff.figures.enrolments.summary', {
          total: totalText(data.enrolments.columnTotals[0] ?? 0),
          weeks: data.enrolments.rows.length,
        })}
        header={[t('staff.figures.week'), t('staff.figures.enrolments.title')]}
        {...enrolments}
      />
      <FigureBlock
        id="pdc"
        title={t('staff.figures.pdc.title')}
        summary={t('staff.figures.pdc.summary', {
          products:
            data.pdc.adherent.map((one) => `${productName(String(one.productId))}: ${percent(one.share)}`).join('; ') ||
            '—',
        })}
        header={[t('staff.figures.product'), ...decileNames]}
        rows={data.pdc.deciles.rows.map((row) => ({ label: productName(row.key), cells: row.cells }))}
        chart={{
          labels: decileNames,
          series: data.pdc.deciles.rows.map((row) => ({
            name: productName(row.key),
            values: row.cells.map(numberOf),
          })),
        }}
      />
      <FigureBlock
        id="persistence"
        title={t('staff.figures.persistence.title')}
        summary={t('staff.figures.persistence.summary', { cohorts: data.persistence.rows.length })}
        header={[t('staff.figures.cohort'), ...horizonNames]}
        rows={data.persistence.rows.map((row) => ({
          label: row.cohort,
          cells: row.horizons.map((one) => `${percent(one.share)} (${one.persistent} / ${one.stopped})`),
        }))}
      />
      <FigureBlock
        id="free-units"
        title={t('staff.figures.freeUnits.title')}
        summary={t('staff.figures.freeUnits.summary', { total: totalText(data.freeUnits.columnTotals[0] ?? 0) })}
        header={[month, t('staff.figures.freeUnits.title')]}
        {...freeUnits}
      />
      <FigureBlock
        id="savings"
        title={t('staff.figures.savings.title')}
        summary={t('staff.figures.savings.summary')}
        header={[month, t('staff.figures.currency'), t('staff.figures.patients'), t('staff.figures.amount')]}
        rows={data.savings.map((row) => ({
          label: `${row.month} ${row.currency}`,
          cells: [row.currency, row.patients, row.amount ?? '—'],
        }))}
      />
      <FigureBlock
        id="appointments"
        title={t('staff.figures.appointments.title')}
        summary={t('staff.figures.appointments.summary', {
          booked: totalText(data.appointments.columnTotals[0] ?? 0),
          cancelled: totalText(data.appointments.columnTotals[1] ?? 0),
          missed: totalText(data.appointments.columnTotals[2] ?? 0),
        })}
        header={[month, ...appointmentColumns]}
        {...appointments}
      />
      <FigureBlock
        id="lessons"
        title={t('staff.figures.lessons.title')}
        summary={t('staff.figures.lessons.summary', { total: totalText(data.lessons.columnTotals[0] ?? 0) })}
        header={[month, t('staff.figures.lessons.title')]}
        {...lessons}
      />
      <FigureBlock
        id="outreach"
        title={t('staff.figures.outreach.title')}
        summary={t('staff.figures.outreach.summary', { reached: percent(data.outreach.reached) })}
        header={[month, ...outcomeColumns]}
        {...outcomes}
      />
      <FigureBlock
        id="stop-reasons"
        title={t('staff.figures.stopReasons.title')}
        summary={t('staff.figures.stopReasons.summary')}
        header={[
          t('staff.figures.period'),
          ...data.outreach.stopReasons.columns.map((key) => t(`staff.figures.stopReason.${keyOf(key)}`)),
        ]}
        rows={data.outreach.stopReasons.rows.map((row) => ({ label: `${data.from} – ${data.to}`, cells: row.cells }))}
      />
      <p className="staff-figures__country">
        {data.country ? countryName(data.country, language) : t('staff.figures.allCountries')}
      </p>
    </div>
  );
}

export function ProgramFiguresScreen() {
  const t = useT();
  const { language } = useLanguage();
  const [filter, setFilter] = useState<{ country?: string; from?: string; to?: string }>({});
  const figures = useQuery(figuresQuery(filter));
  const countries = figures.data?.countries ?? [];
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => {
      const entry = form.get(name);
      return typeof entry === 'string' && entry !== '' ? entry : undefined;
    };
    setFilter({ country: value('country'), from: value('from'), to: value('to') });
  };
  return (
    <section className="staff-step" aria-labelledby="staff-figures-title">
      <StepHeading id="staff-figures-title">{t('staff.figures.title')}</StepHeading>
      <p>{t('staff.figures.lead')}</p>
      <form className="staff-figures__filters" onSubmit={apply}>
        <label>
          {t('staff.figures.country')}
          <select name="country" defaultValue={filter.country ?? ''}>
            <option value="">{t('staff.figures.allCountries')}</option>
            {countries.map((country) => (
              <option key={country} value={country}>
                {countryName(country, language)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('staff.figures.from')}
          <input
            type="month"
            name="from"
            defaultValue={filter.from ?? figures.data?.from}
            key={`from-${figures.data?.from}`}
          />
        </label>
        <label>
          {t('staff.figures.to')}
          <input type="month" name="to" defaultValue={filter.to ?? figures.data?.to} key={`to-${figures.data?.to}`} />
        </label>
        <button type="submit" className="button">
          {t('staff.figures.apply')}
        </button>
      </form>
      <QueryRegion query={figures} lines={8}>
        {(data) => <Figures data={data} />}
      </QueryRegion>
    </section>
  );
}
