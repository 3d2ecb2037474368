import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { PublicShell } from '../../../components/PublicShell';
import { errorMessage } from '../../../lib/errors';
import { useConfirmEmailChange } from '../api';

/** /perfil/email/{token}: the link e-mailed to one's new address; opening it (and confirming) sets the e-mail. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const confirm = useConfirmEmailChange();

  return (
    <PublicShell>
      <Stack data-testid="confirm-email-page">
        <Title order={3}>{t('profile.emailConfirmTitle')}</Title>
        {confirm.isSuccess ? (
          <Alert color="teal" data-testid="confirm-email-done">
            {t('profile.emailConfirmed')}
          </Alert>
        ) : (
          <>
            <Text size="sm">{t('profile.emailConfirmHint')}</Text>
            {confirm.isError && (
              <Alert color="red" data-testid="confirm-email-error">
                {errorMessage(confirm.error)}
              </Alert>
            )}
            <Button onClick={() => confirm.mutate(token)} loading={confirm.isPending} data-testid="confirm-email-submit">
              {t('profile.emailConfirmSubmit')}
            </Button>
          </>
        )}
        <Anchor component={Link} to={PATHS.login} size="sm">
          {t('reset.backToLogin')}
        </Anchor>
      </Stack>
    </PublicShell>
  );
}
