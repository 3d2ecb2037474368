import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  createGroupBanBodySchema,
  createGroupBatchBodySchema,
  createGroupWordBodySchema,
  parseGroupNumbers,
  type CreateGroupBatchBody,
  type GroupWordAction,
} from '@conversa/shared';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import {
  useChannelGroups,
  useCreateGroupBan,
  useCreateGroupBatch,
  useCreateGroupWord,
  useDeleteGroupBan,
  useDeleteGroupWord,
  useGroupBans,
  useGroupSettings,
  useGroupWords,
  useSaveGroupSettings,
} from '../api';
import { BatchResult } from '../components/BatchResult';
import { ChannelGroupPicker } from '../components/ChannelGroupPicker';

type FieldErrors = Partial<Record<'channel' | 'groups' | 'body' | 'numbers' | 'changes' | 'number' | 'word', string>>;

/** The shared schema's refusals, as the form's translated field errors. */
function useSchemaErrors() {
  const { t } = useTranslation();
  return (issues: { path: PropertyKey[] }[]): FieldErrors => {
    const errors: FieldErrors = {};
    for (const issue of issues) {
      const field = String(issue.path[0]);
      if (field === 'whatsappId') errors.channel = t('groupTools.errors.channel');
      else if (field === 'groupJids') errors.groups = t('groupTools.errors.groups');
      else if (field === 'body') errors.body = t('groupTools.errors.body');
      else if (field === 'numbers') errors.numbers = t('groupTools.errors.numbers');
      else if (field === 'subject') errors.changes = t('groupTools.errors.changes');
      else if (field === 'number') errors.number = t('groupTools.errors.number');
      else if (field === 'word') errors.word = t('groupTools.errors.word');
    }
    return errors;
  };
}

/** The selected groups of a channel, and a bulk action on them posted once the shared schema accepts it (then its live result). */
function useBatch() {
  const create = useCreateGroupBatch();
  const toErrors = useSchemaErrors();
  const [batchId, setBatchId] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (body: Record<string, unknown>) => {
    const parsed = createGroupBatchBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(toErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(body as CreateGroupBatchBody, {
      onSuccess: (batch) => setBatchId(batch.id),
      onError: (error) => notifyApiError(error, 'group-batch'),
    });
  };
  // The channel and groups the batch works on, with their picker (connected channels only).
  const [channelId, setChannelId] = useState<number | null>(null);
  const [groupJids, setGroupJids] = useState<string[]>([]);
  const picker = (
    <ChannelGroupPicker
      channelId={channelId}
      onChannel={setChannelId}
      groupJids={groupJids}
      onGroups={setGroupJids}
      connectedOnly
      channelError={errors.channel}
      groupsError={errors.groups}
    />
  );
  return { submit, errors, batchId, pending: create.isPending, whatsappId: channelId ?? 0, groupJids, picker };
}

/** massagrupos: a message to the selected groups, one group every `delay` seconds. */
export function MassGroupsPage() {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [delay, setDelay] = useState<number>(5);
  const batch = useBatch();
  return (
    <Stack data-testid="group-massagrupos" maw={720}>
      <Text c="dimmed">{t('groupTools.massagrupos.help')}</Text>
      {batch.picker}
      <Textarea
        label={t('groupTools.message')}
        autosize
        minRows={3}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        error={batch.errors.body}
        data-testid="group-message"
      />
      <NumberInput
        label={t('groupTools.delay')}
        min={0}
        max={3600}
        value={delay}
        onChange={(v) => setDelay(Number(v) || 0)}
        data-testid="group-delay"
      />
      <Group>
        <Button
          loading={batch.pending}
          data-testid="group-send"
          onClick={() =>
            batch.submit({ kind: 'send', whatsappId: batch.whatsappId, groupJids: batch.groupJids, body, delaySeconds: delay })
          }
        >
          {t('groupTools.massagrupos.send')}
        </Button>
      </Group>
      {batch.batchId !== null && <BatchResult batchId={batch.batchId} />}
    </Stack>
  );
}

/** massagrupos2: new subject, description or who may write, for the selected groups. */
export function MassGroups2Page() {
  const { t } = useTranslation();
  const [subject, setSubject] = useState<string | null>(null);
  const [description, setDescription] = useState<string | null>(null);
  const [adminsOnly, setAdminsOnly] = useState<boolean | null>(null);
  const batch = useBatch();
  return (
    <Stack data-testid="group-massagrupos2" maw={720}>
      <Text c="dimmed">{t('groupTools.massagrupos2.help')}</Text>
      {batch.picker}
      <Checkbox
        label={t('groupTools.massagrupos2.changeSubject')}
        checked={subject !== null}
        onChange={(e) => setSubject(e.currentTarget.checked ? '' : null)}
        data-testid="group-change-subject"
      />
      {subject !== null && (
        <TextInput
          label={t('groupTools.massagrupos2.subject')}
          maxLength={100}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          data-testid="group-subject"
        />
      )}
      <Checkbox
        label={t('groupTools.massagrupos2.changeDescription')}
        checked={description !== null}
        onChange={(e) => setDescription(e.currentTarget.checked ? '' : null)}
      />
      {description !== null && (
        <Textarea
          label={t('groupTools.massagrupos2.description')}
          autosize
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
      )}
      <Checkbox
        label={t('groupTools.massagrupos2.changePermission')}
        checked={adminsOnly !== null}
        onChange={(e) => setAdminsOnly(e.currentTarget.checked ? false : null)}
        data-testid="group-change-permission"
      />
      {adminsOnly !== null && (
        <Switch
          label={t('groupTools.massagrupos2.adminsOnly')}
          checked={adminsOnly}
          onChange={(e) => setAdminsOnly(e.currentTarget.checked)}
          data-testid="group-admins-only"
        />
      )}
      {batch.errors.changes && (
        <Text c="red" size="sm" data-testid="group-changes-error">
          {batch.errors.changes}
        </Text>
      )}
      <Group>
        <Button
          loading={batch.pending}
          data-testid="group-apply"
          onClick={() =>
            batch.submit({
              kind: 'settings',
              whatsappId: batch.whatsappId,
              groupJids: batch.groupJids,
              ...(subject !== null ? { subject } : {}),
              ...(description !== null ? { description } : {}),
              ...(adminsOnly !== null ? { adminsOnly } : {}),
            })
          }
        >
          {t('groupTools.massagrupos2.apply')}
        </Button>
      </Group>
      {batch.batchId !== null && <BatchResult batchId={batch.batchId} />}
    </Stack>
  );
}

const MEMBER_ACTIONS = ['add', 'remove', 'promote', 'demote'] as const;

/** massausuarios: numbers added, removed, promoted or demoted across the selected groups (removal asks first). */
export function MassUsersPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<(typeof MEMBER_ACTIONS)[number]>('add');
  const [numbers, setNumbers] = useState('');
  const [confirming, setConfirming] = useState(false);
  const batch = useBatch();
  const body = () => ({
    kind,
    whatsappId: batch.whatsappId,
    groupJids: batch.groupJids,
    numbers: parseGroupNumbers(numbers),
    delaySeconds: 2,
  });
  return (
    <Stack data-testid="group-massausuarios" maw={720}>
      <Text c="dimmed">{t('groupTools.massausuarios.help')}</Text>
      {batch.picker}
      <SegmentedControl
        fullWidth
        data={MEMBER_ACTIONS.map((value) => ({ value, label: t(`groupTools.massausuarios.${value}`) }))}
        value={kind}
        onChange={(value) => setKind(value)}
        data-testid="group-member-action"
      />
      <Textarea
        label={t('groupTools.massausuarios.numbers')}
        description={t('groupTools.massausuarios.numbersHelp')}
        autosize
        minRows={3}
        value={numbers}
        onChange={(e) => setNumbers(e.currentTarget.value)}
        error={batch.errors.numbers}
        data-testid="group-numbers"
      />
      <Group>
        <Button
          color={kind === 'remove' ? 'red' : undefined}
          loading={batch.pending}
          data-testid="group-run"
          onClick={() =>
            kind === 'remove' && createGroupBatchBodySchema.safeParse(body()).success ? setConfirming(true) : batch.submit(body())
          }
        >
          {t('groupTools.massausuarios.run')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={t('groupTools.massausuarios.confirmTitle')}
        message={t('groupTools.massausuarios.confirmRemove', {
          numbers: parseGroupNumbers(numbers).length,
          groups: batch.groupJids.length,
        })}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          batch.submit(body());
        }}
      />
      {batch.batchId !== null && <BatchResult batchId={batch.batchId} />}
    </Stack>
  );
}

const ALL_GROUPS = '*';

/** banlist: numbers removed when they join one group of the channel, or any of its groups. */
export function BanListPage() {
  const { t } = useTranslation();
  const toErrors = useSchemaErrors();
  const [channelId, setChannelId] = useState<number | null>(null);
  const [group, setGroup] = useState<string>(ALL_GROUPS);
  const [number, setNumber] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const bans = useGroupBans();
  const groups = useChannelGroups(channelId);
  const create = useCreateGroupBan();
  const remove = useConfirmedDelete<{ id: number; number: string }>(useDeleteGroupBan(), 'group-ban-delete');
  const save = () => {
    const body = { whatsappId: channelId ?? 0, number: number.replace(/\D/g, ''), groupJid: group === ALL_GROUPS ? null : group };
    const parsed = createGroupBanBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(toErrors(parsed.error.issues));
    setErrors({});
    create.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('groupTools.banlist.added'));
        setNumber('');
      },
      onError: (error) => notifyApiError(error, 'group-ban'),
    });
  };
  return (
    <Stack data-testid="group-banlist" maw={720}>
      <Text c="dimmed">{t('groupTools.banlist.help')}</Text>
      <ChannelGroupPicker channelId={channelId} onChannel={setChannelId} channelError={errors.channel} />
      <Select
        label={t('groupTools.banlist.group')}
        data={[
          { value: ALL_GROUPS, label: t('groupTools.banlist.allGroups') },
          ...(groups.data ?? []).map((g) => ({ value: g.jid, label: g.subject })),
        ]}
        value={group}
        onChange={(value) => setGroup(value ?? ALL_GROUPS)}
        data-testid="group-ban-group"
        comboboxProps={{ withinPortal: false }}
      />
      <TextInput
        label={t('groupTools.banlist.number')}
        placeholder="5511999999999"
        value={number}
        onChange={(e) => setNumber(e.currentTarget.value)}
        error={errors.number}
        data-testid="group-ban-number"
      />
      <Group>
        <Button loading={create.isPending} onClick={save} data-testid="group-ban-save">
          {t('groupTools.banlist.add')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={320}>
        <Table>
          <Table.Tbody>
            {(bans.data ?? []).map((ban) => (
              <Table.Tr key={ban.id} data-testid={`group-ban-${ban.id}`}>
                <Table.Td>{ban.number}</Table.Td>
                <Table.Td>{ban.groupJid ? (ban.groupSubject ?? ban.groupJid) : t('groupTools.banlist.allGroups')}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('common.delete')}
                    onClick={() => remove.ask(ban)}
                    data-testid={`group-ban-delete-${ban.id}`}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmModal
        opened={remove.deleting !== null}
        title={t('groupTools.banlist.deleteTitle')}
        message={t('groupTools.banlist.deleteMessage', { number: remove.deleting?.number ?? '' })}
        loading={remove.pending}
        onClose={remove.cancel}
        onConfirm={remove.confirm}
      />
    </Stack>
  );
}

/** wordlist: lowercase words whose messages are deleted for everyone, and what happens to their author. */
export function WordListPage() {
  const { t } = useTranslation();
  const toErrors = useSchemaErrors();
  const [channelId, setChannelId] = useState<number | null>(null);
  const [word, setWord] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const words = useGroupWords();
  const create = useCreateGroupWord();
  const remove = useConfirmedDelete<{ id: number; word: string }>(useDeleteGroupWord(), 'group-word-delete');
  const settings = useGroupSettings(channelId);
  const saveSettings = useSaveGroupSettings();
  const [action, setAction] = useState<GroupWordAction>('warn');
  const [warning, setWarning] = useState('');
  // The channel's settings fill the fields when they arrive (state adjusted while rendering, not in an effect).
  const [loadedSettings, setLoadedSettings] = useState(settings.data);
  if (settings.data && settings.data !== loadedSettings) {
    setLoadedSettings(settings.data);
    setAction(settings.data.wordAction);
    setWarning(settings.data.wordWarning);
  }
  const add = () => {
    const body = { whatsappId: channelId ?? 0, word: word.trim() };
    const parsed = createGroupWordBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(toErrors(parsed.error.issues));
    setErrors({});
    create.mutate(body, {
      onSuccess: () => setWord(''),
      onError: (error) => notifyApiError(error, 'group-word'),
    });
  };
  return (
    <Stack data-testid="group-wordlist" maw={720}>
      <Text c="dimmed">{t('groupTools.wordlist.help')}</Text>
      <ChannelGroupPicker channelId={channelId} onChannel={setChannelId} channelError={errors.channel} />
      <Group align="flex-end">
        <TextInput
          style={{ flex: 1, minWidth: 0 }}
          label={t('groupTools.wordlist.word')}
          value={word}
          // SPEC §5: word lists are lowercase; the field writes them so as they are typed.
          onChange={(e) => setWord(e.currentTarget.value.toLowerCase())}
          error={errors.word}
          data-testid="group-word"
        />
        <Button loading={create.isPending} onClick={add} data-testid="group-word-add">
          {t('groupTools.wordlist.add')}
        </Button>
      </Group>
      {settings.data && channelId !== null && (
        <Stack gap="xs">
          <Radio.Group label={t('groupTools.wordlist.action')} value={action} onChange={(value) => setAction(value)}>
            <Group>
              <Radio value="warn" label={t('groupTools.wordlist.warn')} data-testid="group-word-warn" />
              <Radio value="remove" label={t('groupTools.wordlist.remove')} data-testid="group-word-remove" />
            </Group>
          </Radio.Group>
          {action === 'warn' && (
            <Textarea
              label={t('groupTools.wordlist.warning')}
              placeholder={t('groupTools.wordlist.warningDefault')}
              autosize
              value={warning}
              onChange={(e) => setWarning(e.currentTarget.value)}
            />
          )}
          <Group>
            <Button
              variant="light"
              loading={saveSettings.isPending}
              data-testid="group-word-settings-save"
              onClick={() =>
                saveSettings.mutate(
                  { channelId, body: { ...settings.data, wordAction: action, wordWarning: warning } },
                  { onSuccess: () => notifySuccess(t('groupTools.saved')), onError: (error) => notifyApiError(error, 'group-settings') },
                )
              }
            >
              {t('groupTools.save')}
            </Button>
          </Group>
        </Stack>
      )}
      <Group gap="xs">
        {(words.data ?? []).map((row) => (
          <Button
            key={row.id}
            variant="default"
            size="xs"
            rightSection={<IconTrash size={12} />}
            onClick={() => remove.ask(row)}
            data-testid={`group-word-${row.id}`}
          >
            {row.word}
          </Button>
        ))}
      </Group>
      <ConfirmModal
        opened={remove.deleting !== null}
        title={t('groupTools.wordlist.deleteTitle')}
        message={t('groupTools.wordlist.deleteMessage', { word: remove.deleting?.word ?? '' })}
        loading={remove.pending}
        onClose={remove.cancel}
        onConfirm={remove.confirm}
      />
    </Stack>
  );
}

/** saudacao / despedida: the text sent to a group when members join or leave (empty: none). */
function GroupTextPage({ which }: { which: 'greeting' | 'farewell' }) {
  const { t } = useTranslation();
  const [channelId, setChannelId] = useState<number | null>(null);
  const settings = useGroupSettings(channelId);
  const save = useSaveGroupSettings();
  const [text, setText] = useState('');
  const [loaded, setLoaded] = useState<{ data: typeof settings.data; which: string } | null>(null);
  if (settings.data && (loaded?.data !== settings.data || loaded.which !== which)) {
    setLoaded({ data: settings.data, which });
    setText(settings.data[which]);
  }
  const tab = which === 'greeting' ? 'saudacao' : 'despedida';
  return (
    <Stack data-testid={`group-${tab}`} maw={720}>
      <Text c="dimmed">{t(`groupTools.${tab}.help`)}</Text>
      <ChannelGroupPicker channelId={channelId} onChannel={setChannelId} />
      {settings.data && channelId !== null && (
        <>
          <Textarea
            label={t(`groupTools.${tab}.text`)}
            description={t('groupTools.variablesHelp')}
            autosize
            minRows={3}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-testid="group-text"
          />
          <Group>
            <Button
              loading={save.isPending}
              data-testid="group-text-save"
              onClick={() =>
                save.mutate(
                  { channelId, body: { ...settings.data, [which]: text } },
                  { onSuccess: () => notifySuccess(t('groupTools.saved')), onError: (error) => notifyApiError(error, 'group-settings') },
                )
              }
            >
              {t('groupTools.save')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

export function GreetingPage() {
  return <GroupTextPage which="greeting" />;
}

export function FarewellPage() {
  return <GroupTextPage which="farewell" />;
}
