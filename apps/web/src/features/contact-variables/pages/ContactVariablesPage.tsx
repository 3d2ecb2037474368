import type { ContactVariable } from '@conversa/shared';
import { Button, Code, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { useContactVariables, useContactVariableUsage, useDeleteContactVariable } from '../api';
import { ContactVariableFormModal } from '../components/ContactVariableFormModal';

/**
 * /configuracoes/variaveis: the tenant's own template variables (admins). `{{CPF}}` in any text
 * Conversa sends is the contact's additional information named CPF.
 */
export function ContactVariablesPage() {
  const { t } = useTranslation();
  const variables = useContactVariables();
  const remove = useDeleteContactVariable();
  const removal = useConfirmedDelete<ContactVariable>(remove, 'contact-variable-delete-error');
  const [editing, setEditing] = useState<ContactVariable | null | undefined>(undefined);
  const deleting = removal.deleting;
  const usage = useContactVariableUsage(deleting?.id ?? null);

  const columns: DataColumn<ContactVariable>[] = [
    {
      key: 'name',
      header: t('contactVariables.variable'),
      primary: true,
      render: (variable) => <Code style={{ overflowWrap: 'anywhere' }}>{`{{${variable.name}}}`}</Code>,
    },
    {
      key: 'description',
      header: t('contactVariables.descriptionLabel'),
      render: (variable) => (
        <Text size="sm" c={variable.description ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {variable.description ?? '—'}
        </Text>
      ),
    },
  ];

  const count = usage.data?.contacts ?? 0;

  return (
    <Stack data-testid="contact-variables-page">
      <ListPageHeader
        title={t('contactVariables.title')}
        description={t('contactVariables.description', { example: '{{CPF}}' })}
        newLabel={t('contactVariables.new')}
        onNew={() => setEditing(null)}
        newTestId="contact-variable-new"
        query={variables}
      />
      <DataTable
        testId="contact-variable-table"
        rows={variables.data}
        rowKey={(variable) => variable.id}
        rowTestId={(variable) => `contact-variable-${variable.name}`}
        columns={columns}
        minWidth={360}
        actions={(variable) => (
          <>
            <Button size="xs" variant="light" onClick={() => setEditing(variable)} data-testid={`contact-variable-edit-${variable.name}`}>
              {t('common.edit')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => removal.ask(variable)}
              data-testid={`contact-variable-delete-${variable.name}`}
            >
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {editing !== undefined && <ContactVariableFormModal variable={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('contactVariables.deleteTitle')}
        message={deleting ? t('contactVariables.deleteConfirm', { variable: `{{${deleting.name}}}` }) : ''}
        loading={removal.pending || usage.isPending}
        onConfirm={removal.confirm}
        onClose={removal.cancel}
      >
        {deleting && (
          <Stack gap="xs">
            {usage.isPending && <Loader size="xs" />}
            {usage.data && (
              <Text size="sm" data-testid="contact-variable-delete-usage">
                {count > 0 ? t('contactVariables.deleteKeepsValues', { count, name: deleting.name }) : t('contactVariables.deleteNoValues')}
              </Text>
            )}
            <Text size="sm" c="orange">
              {t('contactVariables.deleteTexts', { variable: `{{${deleting.name}}}` })}
            </Text>
          </Stack>
        )}
      </ConfirmModal>
    </Stack>
  );
}
