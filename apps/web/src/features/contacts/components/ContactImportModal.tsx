import { Alert, Button, FileInput, Group, Modal, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { notifyApiError, notifyError } from '../../../lib/notify';
import { contactKeys, fetchImportReport, useStartContactImport, type ImportProgress } from '../api';

/** The report is asked for again this often while the import runs (in case a progress event was missed). */
const REPORT_POLL_MS = 3_000;

/**
 * Contact import (SPEC §5: a CSV or XLSX with columns Name and Number, or Nome and Telefone as a
 * pt-BR spreadsheet names them): progress from the socket, then the rejected rows with their reasons.
 */
export function ContactImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const start = useStartContactImport();
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  // Filled by the socket provider from 'contact:importProgress'.
  const progress = useQuery<ImportProgress | null>({
    queryKey: contactKeys.importProgress,
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  }).data;

  const report = useQuery({
    queryKey: contactKeys.importReport(jobId ?? ''),
    enabled: jobId !== null,
    queryFn: () => fetchImportReport(jobId ?? ''),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'finished' || status === 'failed' ? false : REPORT_POLL_MS;
    },
  });

  // The socket says it finished: fetch the final report now.
  const finishedBySocket = progress?.finished === true;
  useEffect(() => {
    if (finishedBySocket && jobId) void qc.invalidateQueries({ queryKey: contactKeys.importReport(jobId) });
  }, [finishedBySocket, jobId, qc]);

  const finished = report.data?.status === 'finished' || report.data?.status === 'failed';
  useEffect(() => {
    if (finished) void qc.invalidateQueries({ queryKey: contactKeys.lists });
  }, [finished, qc]);

  const total = progress?.total ?? report.data?.total ?? 0;
  const done = finished ? (report.data?.done ?? total) : Math.max(progress?.done ?? 0, report.data?.done ?? 0);
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : finished ? 100 : 0;

  const submit = () => {
    if (!file) return;
    setFormError(null);
    start.mutate(file, {
      onSuccess: (answer) => setJobId(answer.jobId),
      onError: (error) => {
        // The file's own problem when the server names it (too many rows, nothing to import, unreadable).
        const problem = fieldErrors(error).file;
        setFormError(problem ?? errorMessage(error));
        if (problem) notifyError(problem, 'contact-import-error');
        else notifyApiError(error, 'contact-import-error');
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('contacts.import.title')} centered size="lg" data-testid="contacts-import-modal">
      <Stack>
        {jobId === null ? (
          <>
            <Text size="sm" c="dimmed">
              {t('contacts.import.help')}
            </Text>
            <FileInput
              label={t('contacts.import.file')}
              placeholder={t('contacts.import.choose')}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={setFile}
              leftSection={<IconFileSpreadsheet size={16} />}
              clearable
              data-testid="contacts-import-file"
            />
            {formError && (
              <Alert color="red" data-testid="contacts-import-error">
                {formError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button onClick={submit} disabled={!file} loading={start.isPending} data-testid="contacts-import-start">
                {t('contacts.import.start')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">{t('contacts.import.progress', { done, total })}</Text>
            <Progress
              value={percent}
              size="lg"
              striped={!finished}
              animated={!finished}
              data-testid="contacts-import-progress"
              aria-valuenow={percent}
            />
            {finished && report.data && (
              <Stack gap="xs" data-testid="contacts-import-report">
                <Alert
                  // Green only when every row went in: nothing imported is an error, some rows left out a warning.
                  color={
                    report.data.status === 'failed' || report.data.imported === 0
                      ? 'red'
                      : report.data.rejected.length > 0
                        ? 'yellow'
                        : 'teal'
                  }
                  data-testid="contacts-import-outcome"
                >
                  {report.data.status === 'failed'
                    ? t('contacts.import.failed')
                    : t('contacts.import.finished', { imported: report.data.imported, rejected: report.data.rejected.length })}
                </Alert>
                {report.data.rejected.length > 0 && (
                  <ScrollArea.Autosize mah={240}>
                    <Table striped data-testid="contacts-import-rejected">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('contacts.import.row')}</Table.Th>
                          <Table.Th>{t('contacts.import.reason')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {report.data.rejected.map((item) => (
                          <Table.Tr key={item.row}>
                            <Table.Td>{item.row}</Table.Td>
                            <Table.Td>
                              {item.code ? t(`contacts.import.reasons.${item.code}`, { defaultValue: item.reason }) : item.reason}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </ScrollArea.Autosize>
                )}
              </Stack>
            )}
            <Group justify="flex-end">
              <Button onClick={onClose} data-testid="contacts-import-close">
                {t('common.close')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
