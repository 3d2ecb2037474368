import { assignWalletsBodySchema, type AssignWalletsBody, type AssignWalletsResult } from '@conversa/shared';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { schemaErrors } from '../../../lib/form-validation';
import { http } from '../../../lib/http';
import { notifyApiError } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/useIsMobile';
import { contactKeys } from '../api';
import { WalletUsersField } from './WalletUsersField';

/** Which contacts: those picked in the list, or every contact the list's filter matches. */
export type WalletTarget = { contactIds: number[] } | { filter: { searchParam?: string; tagIds?: number[] }; count: number };

/** PUT /contacts/wallets: the contact lists are read again afterwards. */
export function useAssignWallets() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignWalletsBody) => http.put<AssignWalletsResult>('/contacts/wallets', body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

/**
 * "Atribuir carteira" of /contatos (supervisors and admins): choose users, then add them to the
 * wallets of the chosen contacts or put them in place of the current ones; the result tells how many
 * contacts matched and how many changed.
 */
export function AssignWalletsModal({ target, onClose }: { target: WalletTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const assign = useAssignWallets();
  const [userIds, setUserIds] = useState<number[]>([]);
  const [mode, setMode] = useState<'add' | 'replace'>('add');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<AssignWalletsResult | null>(null);
  const count = 'contactIds' in target ? target.contactIds.length : target.count;

  const submit = () => {
    const body: AssignWalletsBody = {
      ...('contactIds' in target ? { contactIds: target.contactIds } : { filter: target.filter }),
      userIds,
      mode,
    };
    const problems = schemaErrors(assignWalletsBodySchema, body, { ruleMessages: { userIds: t('wallets.chooseUsers') } });
    if (problems.userIds) return setError(problems.userIds);
    setError(null);
    assign.mutate(body, {
      onSuccess: setResult,
      onError: (failure) => {
        setError(errorMessage(failure));
        notifyApiError(failure, 'wallets-assign-error');
      },
    });
  };

  return (
    <Modal opened onClose={onClose} fullScreen={mobile} centered title={t('wallets.assignTitle')} data-testid="wallets-modal">
      {result ? (
        <Stack>
          <Alert color="green" data-testid="wallets-result">
            {t('wallets.result', { matched: t('wallets.contactCount', { count: result.matched }), changed: result.changed })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="wallets-done">
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm" data-testid="wallets-target">
            {'contactIds' in target ? t('wallets.selected', { count }) : t('wallets.allMatching', { count })}
          </Text>
          <WalletUsersField value={userIds} onChange={setUserIds} label={t('wallets.users')} testId="wallets-users" />
          <SegmentedControl
            fullWidth
            value={mode}
            onChange={(value) => setMode(value)}
            data={[
              { value: 'add', label: t('wallets.add') },
              { value: 'replace', label: t('wallets.replace') },
            ]}
            data-testid="wallets-mode"
          />
          <Text size="xs" c="dimmed">
            {mode === 'add' ? t('wallets.addHint') : t('wallets.replaceHint')}
          </Text>
          {error && (
            <Alert color="red" data-testid="wallets-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={submit} loading={assign.isPending} data-testid="wallets-apply">
              {t('wallets.apply')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
