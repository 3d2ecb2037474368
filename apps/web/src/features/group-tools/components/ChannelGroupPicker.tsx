import { Alert, Group as Row, Loader, MultiSelect, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChannelGroups, useGroupChannels } from '../api';

interface Props {
  channelId: number | null;
  onChannel: (id: number | null) => void;
  /** Selected group JIDs; absent: no group choice (a tool of the whole channel). */
  groupJids?: string[];
  onGroups?: (jids: string[]) => void;
  /** Offer only connected channels (tools that ask WhatsApp now). */
  connectedOnly?: boolean;
  groupsError?: string;
  channelError?: string;
}

/** The channel (only kinds that support the group tools) and, for the bulk tools, its groups (fetched from WhatsApp). */
export function ChannelGroupPicker({ channelId, onChannel, groupJids, onGroups, connectedOnly, groupsError, channelError }: Props) {
  const { t } = useTranslation();
  const channels = useGroupChannels();
  const groups = useChannelGroups(onGroups && channelId !== null ? channelId : null);
  const options = (channels.data ?? [])
    .filter((channel) => !connectedOnly || channel.status === 'connected')
    .map((channel) => ({ value: String(channel.id), label: channel.name }));
  return (
    <Stack gap="xs">
      {channels.data && options.length === 0 && (
        <Alert color="yellow" data-testid="group-no-channels">
          {t('groupTools.noChannels')}
        </Alert>
      )}
      <Select
        label={t('groupTools.channel')}
        placeholder={t('groupTools.channelPlaceholder')}
        data={options}
        value={channelId === null ? null : String(channelId)}
        onChange={(value) => {
          onChannel(value ? Number(value) : null);
          onGroups?.([]);
        }}
        error={channelError}
        data-testid="group-channel"
        comboboxProps={{ withinPortal: false }}
      />
      {onGroups && (
        <Row align="flex-end" wrap="nowrap">
          <MultiSelect
            style={{ flex: 1, minWidth: 0 }}
            label={t('groupTools.groups')}
            placeholder={channelId === null ? t('groupTools.chooseChannelFirst') : t('groupTools.groupsPlaceholder')}
            disabled={channelId === null || groups.isLoading}
            data={(groups.data ?? []).map((group) => ({
              value: group.jid,
              label: group.isAdmin ? group.subject : `${group.subject} (${t('groupTools.notAdmin')})`,
            }))}
            value={groupJids ?? []}
            onChange={onGroups}
            searchable
            error={groupsError}
            data-testid="group-groups"
            comboboxProps={{ withinPortal: false }}
          />
          {groups.isLoading && <Loader size="sm" />}
        </Row>
      )}
      {groups.isError && <Alert color="red">{t('groupTools.groupsFailed')}</Alert>}
    </Stack>
  );
}
