import type { FlowDraft } from '@conversa/shared/chatbot';
import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formErrorMessage, isApiError } from '../../../lib/errors';
import { issuePlace, issueText } from './issues';

/** What the server refused at save or publish time (cycles without input, routes to deleted queues or users…), by step. */
export function ServerIssues({ error, definition, title }: { error: unknown; definition: FlowDraft; title: string }) {
  const { t } = useTranslation();
  const fields = isApiError(error) ? Object.entries(error.fields ?? {}) : [];
  return (
    <Alert color="red" title={title} data-testid="server-issues">
      {fields.length === 0 ? (
        formErrorMessage(error)
      ) : (
        <List size="sm">
          {fields.map(([path, messages]) => {
            const inner = path.replace(/^definition\.?/, '');
            const pathParts = inner === '' ? [] : inner.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
            const issues = isApiError(error) ? (error.issues?.[path] ?? []) : [];
            const texts = issues.length ? issues.map((issue) => issueText(t, issue, pathParts, definition)) : messages;
            return (
              <List.Item key={path}>
                {issuePlace(t, inner, definition)}: {[...new Set(texts)].join(' ')}
              </List.Item>
            );
          })}
        </List>
      )}
    </Alert>
  );
}
