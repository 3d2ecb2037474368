import {
  BUSINESS_DAY_TYPES,
  DEFAULT_DAY_INTERVALS,
  MAX_INTERVALS_PER_DAY,
  updateBusinessHoursBodySchema,
  type BusinessDayType,
  type BusinessHours,
} from '@conversa/shared';
import { ActionIcon, Button, Card, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../lib/errors';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSaveBusinessHours } from '../api';

interface DayValues {
  day: number;
  type: BusinessDayType;
  intervals: { start: string; end: string }[];
}

interface WeekValues {
  timeZone: string;
  days: DayValues[];
}

/** Every zone the browser knows, the tenant's own first if the list lacks it. */
function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** The form's values as PUT /tenants/business-hours/ takes them (O and C days carry no intervals). */
function weekBody(values: WeekValues, withTimeZone: boolean) {
  return {
    businessHours: values.days.map((d) => ({ day: d.day, type: d.type, intervals: d.type === 'H' ? d.intervals : [] })),
    ...(withTimeZone ? { timeZone: values.timeZone } : {}),
  };
}

/** The week of /horario-atendimento: each day open, closed or with hours (intervals), and the tenant's time zone. */
export function BusinessWeekForm({ data, canChangeTimeZone }: { data: BusinessHours; canChangeTimeZone: boolean }) {
  const { t } = useTranslation();
  const save = useSaveBusinessHours();
  const zones = useMemo(() => timeZoneOptions(data.timeZone), [data.timeZone]);

  const form = useForm<WeekValues>({
    initialValues: {
      timeZone: data.timeZone,
      days: [...data.businessHours].sort((a, b) => a.day - b.day).map((d) => ({ day: d.day, type: d.type, intervals: d.intervals })),
    },
    validate: schemaValidator(updateBusinessHoursBodySchema, (values: WeekValues) => weekBody(values, canChangeTimeZone), {
      // businessHours.3.intervals.0.start → days.3.intervals.0.start
      field: (path) => path.replace(/^businessHours/, 'days'),
      issueMessage: (_field, issue) => (issue.code === 'invalid_format' ? t('businessHours.timeFormat') : undefined),
    }),
  });

  const removeInterval = (index: number, j: number) => {
    form.removeListItem(`days.${index}.intervals`, j);
    // The day's errors spoke of its intervals as they were (an overlap with the one removed): checked again at the next save.
    const day = `days.${index}.`;
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([path]) => !path.startsWith(day))));
  };

  const setType = (index: number, type: BusinessDayType) => {
    form.setFieldValue(`days.${index}.type`, type);
    if (type === 'H' && form.getValues().days[index].intervals.length === 0)
      form.setFieldValue(
        `days.${index}.intervals`,
        DEFAULT_DAY_INTERVALS.map((i) => ({ ...i })),
      );
  };

  const submit = form.onSubmit((values) => {
    save.mutate(weekBody(values, canChangeTimeZone), {
      onSuccess: () => notifySuccess(t('common.saved')),
      onError: (error) => {
        form.setErrors(
          Object.fromEntries(
            Object.entries(fieldErrors(error)).map(([path, message]) => [path.replace(/^businessHours/, 'days'), message]),
          ),
        );
        notifyApiError(error, 'business-hours-save-error');
      },
    });
  });

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate data-testid="business-week">
      <Stack>
        <Title order={4}>{t('businessHours.weekTitle')}</Title>
        <Select
          label={t('businessHours.timeZone')}
          description={canChangeTimeZone ? t('businessHours.timeZoneHelp') : t('businessHours.timeZoneAdminOnly')}
          data={zones}
          searchable
          allowDeselect={false}
          disabled={!canChangeTimeZone}
          maw={420}
          data-testid="business-time-zone"
          {...form.getInputProps('timeZone')}
        />
        {form.getValues().days.map((day, index) => {
          const intervalsError = form.errors[`days.${index}.intervals`];
          return (
            <Paper key={day.day} withBorder p="sm" data-testid={`business-day-${day.day}`}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600} id={`business-day-${day.day}-label`}>
                    {t(`businessHours.days.${day.day}`)}
                  </Text>
                  <SegmentedControl
                    size="xs"
                    aria-labelledby={`business-day-${day.day}-label`}
                    value={day.type}
                    onChange={(value) => setType(index, value)}
                    data={BUSINESS_DAY_TYPES.map((type) => ({ value: type, label: t(`businessHours.types.${type}`) }))}
                    data-testid={`business-day-${day.day}-type`}
                  />
                </Group>
                {day.type === 'H' && (
                  <Stack gap="xs">
                    {day.intervals.map((_interval, j) => (
                      <Group key={j} gap="xs" align="flex-start" wrap="nowrap">
                        <TextInput
                          type="time"
                          label={t('businessHours.from')}
                          aria-label={t('businessHours.fromOf', { day: t(`businessHours.days.${day.day}`), n: j + 1 })}
                          style={{ flex: 1 }}
                          data-testid={`business-day-${day.day}-start-${j}`}
                          {...form.getInputProps(`days.${index}.intervals.${j}.start`)}
                        />
                        <TextInput
                          type="time"
                          label={t('businessHours.to')}
                          aria-label={t('businessHours.toOf', { day: t(`businessHours.days.${day.day}`), n: j + 1 })}
                          style={{ flex: 1 }}
                          data-testid={`business-day-${day.day}-end-${j}`}
                          {...form.getInputProps(`days.${index}.intervals.${j}.end`)}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          mt={28}
                          aria-label={t('businessHours.removeInterval')}
                          onClick={() => removeInterval(index, j)}
                          data-testid={`business-day-${day.day}-remove-${j}`}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    ))}
                    {intervalsError && (
                      <Text size="xs" c="red" data-testid={`business-day-${day.day}-error`}>
                        {intervalsError}
                      </Text>
                    )}
                    {day.intervals.length < MAX_INTERVALS_PER_DAY && (
                      <Button
                        variant="subtle"
                        size="xs"
                        leftSection={<IconPlus size={14} />}
                        style={{ alignSelf: 'flex-start' }}
                        onClick={() => form.insertListItem(`days.${index}.intervals`, { start: '', end: '' })}
                        data-testid={`business-day-${day.day}-add`}
                      >
                        {t('businessHours.addInterval')}
                      </Button>
                    )}
                  </Stack>
                )}
              </Stack>
            </Paper>
          );
        })}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="business-week-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
