import { createTeamBodySchema, TEAM_NAME_MAX, updateTeamBodySchema, type Team } from '@conversa/shared';
import { Alert, Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors, hasErrorCode } from '../../../lib/errors';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/useIsMobile';
import { useSaveTeam } from '../api';
import { TeamMembersPicker } from './TeamMembersPicker';

interface TeamFormValues {
  name: string;
  isActive: boolean;
  userIds: number[];
}

const sameMembers = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Create or edit a team: name, active, members. */
export function TeamFormModal({ team, onClose }: { team: Team | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const save = useSaveTeam();
  const [formError, setFormError] = useState<string | null>(null);
  const initialMembers = team?.users.map((u) => u.id) ?? [];

  const form = useForm<TeamFormValues>({
    initialValues: { name: team?.name ?? '', isActive: team?.isActive ?? true, userIds: initialMembers },
    validate: schemaValidator(team ? updateTeamBodySchema : createTeamBodySchema, (values: TeamFormValues) =>
      team
        ? { name: values.name.trim(), isActive: values.isActive }
        : { name: values.name.trim(), isActive: values.isActive, userIds: values.userIds },
    ),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const body = { name: values.name.trim(), isActive: values.isActive };
    const input = team
      ? { id: team.id, body, userIds: sameMembers(values.userIds, initialMembers) ? undefined : values.userIds }
      : { id: null, body: { ...body, userIds: values.userIds } };
    save.mutate(input, {
      onSuccess: () => {
        notifySuccess(t('common.saved'));
        onClose();
      },
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        if (hasErrorCode(error, 'ERR_DUPLICATED_TEAM')) form.setFieldError('name', errorMessage(error));
        setFormError(errorMessage(error));
        notifyApiError(error, 'team-save-error');
      },
    });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={mobile}
      title={team ? t('teams.editTitle') : t('teams.createTitle')}
      centered
      data-testid="team-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('teams.name')}
            required
            data-autofocus
            maxLength={TEAM_NAME_MAX}
            data-testid="team-name"
            {...form.getInputProps('name')}
          />
          <TeamMembersPicker value={form.values.userIds} onChange={(ids) => form.setFieldValue('userIds', ids)} current={team?.users} />
          <Switch label={t('teams.active')} data-testid="team-is-active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
          {formError && (
            <Alert color="red" data-testid="team-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="team-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
