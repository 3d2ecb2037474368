import { createTeamBodySchema, TEAM_NAME_MAX, updateTeamBodySchema, type Team } from '@conversa/shared';
import { Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal, useFormSave } from '../../../components/FormModal';
import { schemaValidator } from '../../../lib/form-validation';
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
  const initialMembers = team?.users.map((u) => u.id) ?? [];

  const form = useForm<TeamFormValues>({
    initialValues: { name: team?.name ?? '', isActive: team?.isActive ?? true, userIds: initialMembers },
    validate: schemaValidator(team ? updateTeamBodySchema : createTeamBodySchema, (values: TeamFormValues) =>
      team
        ? { name: values.name.trim(), isActive: values.isActive }
        : { name: values.name.trim(), isActive: values.isActive, userIds: values.userIds },
    ),
  });

  const saving = useFormSave(form, useSaveTeam(), {
    errorId: 'team-save-error',
    onClose,
    duplicate: { code: 'ERR_DUPLICATED_TEAM', field: 'name' },
  });
  const submit = form.onSubmit((values) => {
    const body = { name: values.name.trim(), isActive: values.isActive };
    const input = team
      ? { id: team.id, body, userIds: sameMembers(values.userIds, initialMembers) ? undefined : values.userIds }
      : { id: null, body: { ...body, userIds: values.userIds } };
    saving.save(input);
  });

  return (
    <FormModal title={team ? t('teams.editTitle') : t('teams.createTitle')} testId="team" onSubmit={submit} saving={saving}>
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
    </FormModal>
  );
}
