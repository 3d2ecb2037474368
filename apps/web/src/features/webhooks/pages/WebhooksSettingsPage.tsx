import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  type ApiConfig,
  type WebhookDelivery,
  type WebhookDeliveryState,
} from '@conversa/shared';
import { Alert, Badge, Button, Card, Code, Group, Loader, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../components/QueryError';
import { formatDateTime } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useApiConfigs, useResendWebhookDelivery, useWebhookDeliveries } from '../api';

const STATE_COLOR: Record<WebhookDeliveryState, string> = { pending: 'yellow', delivered: 'teal', failed: 'red' };

/** What a receiver runs to check a delivery (Node.js); the same rule in any language. */
const VERIFY_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (bytes/string), before JSON.parse
function isFromConversa(headers, rawBody, secret) {
  const timestamp = headers['${WEBHOOK_HEADERS.timestamp.toLowerCase()}'];
  const expected = 'sha256=' + createHmac('sha256', secret).update(timestamp + '.' + rawBody).digest('hex');
  const given = String(headers['${WEBHOOK_HEADERS.signature.toLowerCase()}'] ?? '');
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
  return fresh && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}`;

/**
 * /configuracoes/webhooks (SPEC §2, Integrations): an API configuration's webhook (`?api=<id>`
 * preselects one), its delivery log with "Reenviar", and how a receiver checks the signature. The
 * URL itself is set in the API configuration (`/api-service`).
 */
export function WebhooksSettingsPage() {
  const { t } = useTranslation();
  const configs = useApiConfigs();
  const [searchParams, setSearchParams] = useSearchParams();

  if (configs.isPending) return <Loader />;
  if (configs.isError) return <QueryError error={configs.error} onRetry={() => void configs.refetch()} />;

  const wanted = searchParams.get('api');
  const selected =
    configs.data.find((config) => config.id === wanted) ?? configs.data.find((config) => config.webhookUrl) ?? configs.data[0];

  return (
    <Stack maw={960}>
      <Title order={3}>{t('webhooks.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('webhooks.intro')}
      </Text>
      {configs.data.length === 0 ? (
        <Alert color="gray" data-testid="webhooks-no-configs">
          {t('webhooks.noConfigs')}
        </Alert>
      ) : (
        <>
          <Select
            label={t('webhooks.config')}
            data={configs.data.map((config) => ({ value: config.id, label: config.name }))}
            value={selected?.id ?? null}
            allowDeselect={false}
            onChange={(value) => value && setSearchParams({ api: value }, { replace: true })}
            data-testid="webhooks-config"
            maw={420}
          />
          {selected && <ConfigWebhook key={selected.id} config={selected} />}
        </>
      )}
      <SignatureHelp />
    </Stack>
  );
}

function ConfigWebhook({ config }: { config: ApiConfig }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600}>{config.name}</Text>
            <Badge color={config.active ? 'teal' : 'gray'} data-testid="webhooks-config-active">
              {t(config.active ? 'webhooks.active' : 'webhooks.inactive')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('webhooks.url')}
          </Text>
          {config.webhookUrl ? (
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="webhooks-url">
              {config.webhookUrl}
            </Code>
          ) : (
            <Text size="sm" data-testid="webhooks-no-url">
              {t('webhooks.noUrl')}
            </Text>
          )}
          <Text size="sm">
            {t('webhooks.secret')}: <Code data-testid="webhooks-secret">{config.webhookSecretMasked}</Code>
          </Text>
          {!config.active && config.webhookUrl && (
            <Text size="sm" c="orange">
              {t('webhooks.inactiveHint')}
            </Text>
          )}
        </Stack>
      </Card>
      <DeliveryLog apiId={config.id} />
    </Stack>
  );
}

function DeliveryLog({ apiId }: { apiId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WebhookDeliveryState | null>(null);
  const deliveries = useWebhookDeliveries(apiId, page, status);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={4}>{t('webhooks.log')}</Title>
        <SegmentedControl
          size="xs"
          value={status ?? 'all'}
          onChange={(value) => {
            setStatus(value === 'all' ? null : value);
            setPage(1);
          }}
          data={[
            { value: 'all', label: t('webhooks.filterAll') },
            ...WEBHOOK_DELIVERY_STATES.map((state) => ({ value: state, label: t(`webhooks.states.${state}`) })),
          ]}
          data-testid="webhooks-status-filter"
        />
      </Group>
      {deliveries.isPending ? (
        <Loader size="sm" />
      ) : deliveries.isError ? (
        <QueryError error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.deliveries.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="webhooks-empty">
          {t('webhooks.empty')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="webhooks-deliveries">
          {deliveries.data.deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} apiId={apiId} delivery={delivery} />
          ))}
        </Stack>
      )}
      {(page > 1 || deliveries.data?.hasMore) && (
        <Group justify="center">
          <Button variant="default" size="xs" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            {t('webhooks.previous')}
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={!deliveries.data?.hasMore}
            onClick={() => setPage((p) => p + 1)}
            data-testid="webhooks-next"
          >
            {t('webhooks.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DeliveryRow({ apiId, delivery }: { apiId: string; delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const resend = useResendWebhookDelivery(apiId);
  const known = (WEBHOOK_EVENT_TYPES as readonly string[]).includes(delivery.eventType);

  return (
    <Card withBorder padding="sm" data-testid={`webhook-delivery-${delivery.id}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Badge color={STATE_COLOR[delivery.state]} data-testid="webhook-delivery-state">
              {t(`webhooks.states.${delivery.state}`)}
            </Badge>
            <Text size="sm" fw={600}>
              {known ? t(`webhooks.events.${delivery.eventType}`) : delivery.eventType}
            </Text>
            <Code>{delivery.eventType}</Code>
          </Group>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(delivery.id, {
                onSuccess: () => notifySuccess(t('webhooks.resent')),
                onError: (error) => notifyApiError(error, 'webhook-resend-error'),
              })
            }
            data-testid="webhook-delivery-resend"
          >
            {t('webhooks.resend')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {[
            formatDateTime(delivery.createdAt),
            t('webhooks.eventId', { id: delivery.eventId }),
            delivery.ticketId !== null ? t('webhooks.ticket', { id: delivery.ticketId }) : null,
            t('webhooks.attempts', { count: delivery.attempts }),
            delivery.lastStatusCode !== null ? t('webhooks.statusCode', { code: delivery.lastStatusCode }) : null,
            delivery.nextAttemptAt ? t('webhooks.nextAttempt', { at: formatDateTime(delivery.nextAttemptAt) }) : null,
            delivery.deliveredAt ? t('webhooks.deliveredAt', { at: formatDateTime(delivery.deliveredAt) }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {delivery.lastError && (
          <Text size="xs" c="red" style={{ wordBreak: 'break-word' }} data-testid="webhook-delivery-error">
            {delivery.lastError}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function SignatureHelp() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="webhooks-signature-help">
      <Stack gap="xs">
        <Title order={4}>{t('webhooks.verifyTitle')}</Title>
        <Text size="sm">{t('webhooks.verifyBody')}</Text>
        <Text size="sm">
          {t('webhooks.verifyHeaders', {
            event: WEBHOOK_HEADERS.event,
            eventId: WEBHOOK_HEADERS.eventId,
            timestamp: WEBHOOK_HEADERS.timestamp,
            signature: WEBHOOK_HEADERS.signature,
          })}
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {`${WEBHOOK_HEADERS.signature}: sha256=HEX( HMAC-SHA256( secret, ${WEBHOOK_HEADERS.timestamp} + "." + rawBody ) )`}
        </Code>
        <Text size="sm">{t('webhooks.verifyRetries')}</Text>
        <Code block style={{ whiteSpace: 'pre', overflowX: 'auto', maxWidth: '100%' }} data-testid="webhooks-verify-example">
          {VERIFY_EXAMPLE}
        </Code>
      </Stack>
    </Card>
  );
}
