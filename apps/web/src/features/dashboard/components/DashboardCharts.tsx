import '@mantine/charts/styles.css';
import type { Dashboard } from '@conversa/shared';
import { DASHBOARD_OUTREACH_STATUS } from '@conversa/shared/enums';
import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDuration } from '../format';
import { ChartPanel, FigureTable, type FigureColumn } from './ChartPanel';

type Evolution = Dashboard['evolution'][number];
type ByChannel = Dashboard['byChannel'][number];
type ByQueue = Dashboard['byQueue'][number];
type ByStatus = Dashboard['byStatus'][number];
type ByUser = Dashboard['byUser'][number];

/** The label of an evolution bucket, in the zone the server bucketed it: "14:00" / "03/12 14:00" for hours, "03/12" for days. */
function bucketLabeller(language: string, granularity: Dashboard['range']['granularity'], timeZone: string, spansDays: boolean) {
  const options: Intl.DateTimeFormatOptions =
    granularity === 'hour'
      ? { hour: '2-digit', minute: '2-digit', ...(spansDays ? { day: '2-digit', month: '2-digit' } : {}) }
      : { day: '2-digit', month: '2-digit' };
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat(language, { ...options, timeZone });
  } catch {
    formatter = new Intl.DateTimeFormat(language, options);
  }
  return (at: string) => formatter.format(new Date(at));
}

/** Height of a horizontal bar chart: room for every name. */
const barsHeight = (count: number) => Math.max(160, count * 36 + 40);

/** SPEC §2 dashboards: the evolution and the breakdowns by channel, queue, status and user, each with its table. */
export function DashboardCharts({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const { granularity, timeZone } = data.range;
  const spansDays = granularity === 'hour' && data.evolution.length > 24;
  const label = bucketLabeller(i18n.language, granularity, timeZone, spansDays);

  const evolution = data.evolution.map((row) => ({ ...row, label: label(row.at) }));
  const evolutionColumns: FigureColumn<Evolution>[] = [
    { key: 'at', header: granularity === 'hour' ? t('dashboard.hour') : t('dashboard.day'), render: (row) => label(row.at) },
    { key: 'tickets', header: t('dashboard.series.tickets'), render: (row) => formatCount(row.tickets), numeric: true },
    { key: 'receptive', header: t('dashboard.series.receptive'), render: (row) => formatCount(row.receptive), numeric: true },
    { key: 'active', header: t('dashboard.series.active'), render: (row) => formatCount(row.active), numeric: true },
  ];

  const queueName = (row: ByQueue) => row.name ?? t('dashboard.noQueue');
  const userName = (row: ByUser) => row.name ?? t('dashboard.noUser');
  const statusName = (status: string) =>
    status === DASHBOARD_OUTREACH_STATUS ? t('dashboard.outreachStatus') : t(`tickets.status.${status}`, { defaultValue: status });

  const channelColumns: FigureColumn<ByChannel>[] = [
    { key: 'name', header: t('dashboard.channel'), render: (row) => row.name },
    { key: 'type', header: t('dashboard.channelType'), render: (row) => t(`channels.types.${row.type}`, { defaultValue: row.type }) },
    { key: 'tickets', header: t('dashboard.series.tickets'), render: (row) => formatCount(row.tickets), numeric: true },
  ];
  const queueColumns: FigureColumn<ByQueue>[] = [
    { key: 'name', header: t('dashboard.queue'), render: queueName },
    { key: 'tickets', header: t('dashboard.series.tickets'), render: (row) => formatCount(row.tickets), numeric: true },
  ];
  const statusColumns: FigureColumn<ByStatus>[] = [
    { key: 'status', header: t('dashboard.status'), render: (row) => statusName(row.status) },
    { key: 'tickets', header: t('dashboard.series.tickets'), render: (row) => formatCount(row.tickets), numeric: true },
  ];
  const userColumns: FigureColumn<ByUser>[] = [
    { key: 'name', header: t('dashboard.user'), render: userName },
    { key: 'tickets', header: t('dashboard.series.tickets'), render: (row) => formatCount(row.tickets), numeric: true },
    { key: 'open', header: t('dashboard.series.open'), render: (row) => formatCount(row.open), numeric: true },
    { key: 'closed', header: t('dashboard.series.closed'), render: (row) => formatCount(row.closed), numeric: true },
    {
      key: 'firstResponse',
      header: t('dashboard.cards.avgFirstResponse'),
      render: (row) => formatDuration(row.avgFirstResponseSeconds),
      numeric: true,
    },
    { key: 'handling', header: t('dashboard.cards.avgHandling'), render: (row) => formatDuration(row.avgHandlingSeconds), numeric: true },
  ];

  const tickets = { name: 'tickets', label: t('dashboard.series.tickets'), color: 'blue.6' };
  const valueFormatter = (value: number) => formatCount(value);

  return (
    <Stack>
      <ChartPanel
        title={t('dashboard.charts.evolution')}
        testId="dashboard-chart-evolution"
        empty={evolution.length === 0}
        chart={
          <LineChart
            h={260}
            data={evolution}
            dataKey="label"
            curveType="monotone"
            withLegend
            withDots={evolution.length <= 31}
            valueFormatter={valueFormatter}
            series={[
              tickets,
              { name: 'receptive', label: t('dashboard.series.receptive'), color: 'teal.6' },
              { name: 'active', label: t('dashboard.series.active'), color: 'orange.6' },
            ]}
          />
        }
        table={
          <FigureTable
            caption={t('dashboard.charts.evolution')}
            columns={evolutionColumns}
            rows={data.evolution}
            rowKey={(row) => row.at}
            testId="dashboard-evolution-table"
          />
        }
      />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <ChartPanel
          title={t('dashboard.charts.byChannel')}
          testId="dashboard-chart-channel"
          empty={data.byChannel.length === 0}
          chart={
            <BarChart
              h={barsHeight(data.byChannel.length)}
              data={data.byChannel}
              dataKey="name"
              orientation="vertical"
              yAxisProps={{ width: 96 }}
              valueFormatter={valueFormatter}
              series={[tickets]}
            />
          }
          table={
            <FigureTable
              caption={t('dashboard.charts.byChannel')}
              columns={channelColumns}
              rows={data.byChannel}
              rowKey={(row) => String(row.channelId)}
              testId="dashboard-channel-table"
            />
          }
        />
        <ChartPanel
          title={t('dashboard.charts.byQueue')}
          testId="dashboard-chart-queue"
          empty={data.byQueue.length === 0}
          chart={
            <BarChart
              h={barsHeight(data.byQueue.length)}
              data={data.byQueue.map((row) => ({ ...row, label: queueName(row) }))}
              dataKey="label"
              orientation="vertical"
              yAxisProps={{ width: 96 }}
              valueFormatter={valueFormatter}
              series={[{ ...tickets, color: 'violet.6' }]}
            />
          }
          table={
            <FigureTable
              caption={t('dashboard.charts.byQueue')}
              columns={queueColumns}
              rows={data.byQueue}
              rowKey={(row) => String(row.queueId ?? 'none')}
              testId="dashboard-queue-table"
            />
          }
        />
        <ChartPanel
          title={t('dashboard.charts.byStatus')}
          testId="dashboard-chart-status"
          empty={data.byStatus.every((row) => row.tickets === 0)}
          chart={
            <BarChart
              h={barsHeight(data.byStatus.length)}
              data={data.byStatus.map((row) => ({ ...row, label: statusName(row.status) }))}
              dataKey="label"
              orientation="vertical"
              yAxisProps={{ width: 96 }}
              valueFormatter={valueFormatter}
              series={[{ ...tickets, color: 'teal.6' }]}
            />
          }
          table={
            <FigureTable
              caption={t('dashboard.charts.byStatus')}
              columns={statusColumns}
              rows={data.byStatus}
              rowKey={(row) => row.status}
              testId="dashboard-status-table"
            />
          }
        />
      </SimpleGrid>
      <ChartPanel
        title={t('dashboard.charts.byUser')}
        testId="dashboard-chart-user"
        empty={data.byUser.length === 0}
        chart={
          <BarChart
            h={barsHeight(data.byUser.length * 2)}
            data={data.byUser.map((row) => ({ ...row, label: userName(row) }))}
            dataKey="label"
            orientation="vertical"
            yAxisProps={{ width: 110 }}
            withLegend
            valueFormatter={valueFormatter}
            series={[
              tickets,
              { name: 'open', label: t('dashboard.series.open'), color: 'cyan.6' },
              { name: 'closed', label: t('dashboard.series.closed'), color: 'teal.6' },
            ]}
          />
        }
        table={
          <FigureTable
            caption={t('dashboard.charts.byUser')}
            columns={userColumns}
            rows={data.byUser}
            rowKey={(row) => String(row.userId ?? 'none')}
            testId="dashboard-user-table"
          />
        }
      />
    </Stack>
  );
}
