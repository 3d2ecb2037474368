import { fieldIssueOf } from '@conversa/shared';
import { Alert, Button, FileInput, Group, List, Modal, Stack, Textarea } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, formErrorMessage } from '../../../lib/errors';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useImportFlow } from '../api';
import { issueText } from '../builder/issues';
import { parseFlowImport } from '../flow-json';

/** Import a flow from an exported JSON file or pasted JSON: checked by the API's own schema before it is sent. */
export function ImportFlowModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const importFlow = useImportFlow();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const pickFile = async (picked: File | null) => {
    setFile(picked);
    setError(null);
    setProblems([]);
    if (picked) setText(await picked.text());
  };

  const submit = () => {
    setError(null);
    setProblems([]);
    const parsed = parseFlowImport(text);
    if (!parsed.ok) {
      if (parsed.reason === 'json') {
        setError(t('chatFlow.import.invalidJson'));
        return;
      }
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // parsed already, unreachable
      }
      const definition = (json as { definition?: unknown } | null)?.definition;
      setError(t('chatFlow.import.invalidFlow'));
      setProblems(
        parsed.issues.slice(0, 10).map((issue) => {
          const inDefinition = issue.path[0] === 'definition';
          const path = inDefinition ? issue.path.slice(1) : issue.path;
          const where = issue.path.map(String).join('.') || '—';
          return `${where}: ${issueText(t, fieldIssueOf(issue, json), path, inDefinition ? definition : json)}`;
        }),
      );
      return;
    }
    importFlow.mutate(text, {
      onSuccess: () => {
        notifySuccess(t('chatFlow.import.done'));
        onClose();
      },
      onError: (failure) => {
        const fields = fieldErrors(failure);
        setError(formErrorMessage(failure));
        setProblems(Object.entries(fields).map(([path, message]) => `${path}: ${message}`));
        notifyApiError(failure, 'flow-import-error');
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('chatFlow.import.title')} centered size="lg" data-testid="flow-import-modal">
      <Stack>
        <FileInput
          label={t('chatFlow.import.file')}
          accept="application/json,.json"
          value={file}
          onChange={(picked) => void pickFile(picked)}
          clearable
          leftSection={<IconFileImport size={16} />}
          data-testid="flow-import-file"
        />
        <Textarea
          label={t('chatFlow.import.paste')}
          autosize
          minRows={6}
          maxRows={14}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          data-testid="flow-import-text"
        />
        {error && (
          <Alert color="red" data-testid="flow-import-error">
            {error}
            {problems.length > 0 && (
              <List size="sm" mt={4}>
                {problems.map((p) => (
                  <List.Item key={p}>{p}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={!text.trim()} loading={importFlow.isPending} data-testid="flow-import-submit">
            {t('chatFlow.import.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
