import {
  BRANDING_IMAGE_ACCEPT,
  BRANDING_IMAGE_LIMITS,
  APP_NAME_MAX,
  PALETTE_KEYS,
  paletteOf,
  type BrandingImageKind,
  type Palette,
  type TenantBranding,
} from '@conversa/shared';
import {
  Badge,
  Button,
  Card,
  ColorInput,
  FileButton,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPhotoUp, IconRestore, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/QueryError';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { useRemoveImage, useSaveAppName, useSaveColors, useTenantBranding, useUploadImage } from '../api';

/**
 * /customizar (SPEC §2; issue 15 white-label): the application name, the palette, the logo, the
 * favicon and — for the platform — the login page's background. Tenant 1's settings are the
 * platform's (its superadmin); another company's admins set their own, each setting falling back to
 * the platform's. Everything applies at once, without rebuilding the web app.
 */
export function CustomizePage() {
  const { t } = useTranslation();
  const settings = useTenantBranding();
  if (settings.isPending) return <Loader />;
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  const branding = settings.data;
  return (
    <Stack maw={960}>
      <Title order={2}>{t('branding.title')}</Title>
      <Text c="dimmed">{branding.platform ? t('branding.introPlatform') : t('branding.introCompany')}</Text>
      <NameCard key={`name-${branding.appName.value}`} branding={branding} />
      <ColorsCard key={`colors-${JSON.stringify(branding.systemColors)}`} branding={branding} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ImageCard kind="logo" branding={branding} />
        <ImageCard kind="favicon" branding={branding} />
        {branding.platform && <ImageCard kind="background" branding={branding} />}
      </SimpleGrid>
    </Stack>
  );
}

function InheritedBadge({ inherited, platform }: { inherited: boolean; platform: boolean }) {
  const { t } = useTranslation();
  if (!inherited) return <Badge color="green">{t('branding.own')}</Badge>;
  return <Badge color="gray">{platform ? t('branding.default') : t('branding.inherited')}</Badge>;
}

function NameCard({ branding }: { branding: TenantBranding }) {
  const { t } = useTranslation();
  const save = useSaveAppName();
  const [name, setName] = useState(branding.appName.inherited ? '' : branding.appName.value);
  const submit = (value: string | null) =>
    save.mutate(value, { onSuccess: () => notifySuccess(t('branding.saved')), onError: (error) => notifyApiError(error) });
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={4}>{t('branding.nameTitle')}</Title>
          <InheritedBadge inherited={branding.appName.inherited} platform={branding.platform} />
        </Group>
        <TextInput
          label={t('branding.name')}
          description={t('branding.nameHint')}
          placeholder={branding.appName.value}
          value={name}
          maxLength={APP_NAME_MAX}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          {!branding.appName.inherited && (
            <Button variant="default" leftSection={<IconRestore size={16} />} loading={save.isPending} onClick={() => submit(null)}>
              {t('branding.useInherited')}
            </Button>
          )}
          <Button loading={save.isPending} disabled={!name.trim()} onClick={() => submit(name.trim())}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ColorsCard({ branding }: { branding: TenantBranding }) {
  const { t } = useTranslation();
  const save = useSaveColors();
  const [palette, setPalette] = useState<Palette>(() => paletteOf(branding.systemColors.systemColors));
  const [invalid, setInvalid] = useState<string[]>([]);
  const submit = (items: Record<string, string>[]) =>
    save.mutate(items, { onSuccess: () => notifySuccess(t('branding.saved')), onError: (error) => notifyApiError(error) });
  const saveAll = () => {
    const wrong = PALETTE_KEYS.filter((key) => !/^#[0-9a-f]{6}$/i.test(palette[key]));
    setInvalid(wrong);
    if (wrong.length === 0) submit(PALETTE_KEYS.map((key) => ({ label: key.charAt(0).toUpperCase() + key.slice(1), [key]: palette[key] })));
  };
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={4}>{t('branding.colorsTitle')}</Title>
          <InheritedBadge inherited={branding.systemColors.inherited} platform={branding.platform} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('branding.colorsHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {PALETTE_KEYS.map((key) => (
            <ColorInput
              key={key}
              label={t(`branding.colors.${key}`)}
              value={palette[key]}
              format="hex"
              error={invalid.includes(key) ? t('branding.invalidColor') : undefined}
              onChange={(value) => setPalette((current) => ({ ...current, [key]: value.toLowerCase() }))}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          {!branding.systemColors.inherited && (
            <Button variant="default" leftSection={<IconRestore size={16} />} loading={save.isPending} onClick={() => submit([])}>
              {t('branding.useInherited')}
            </Button>
          )}
          <Button loading={save.isPending} onClick={saveAll}>
            {t('branding.saveColors')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ImageCard({ kind, branding }: { kind: BrandingImageKind; branding: TenantBranding }) {
  const { t } = useTranslation();
  const upload = useUploadImage();
  const remove = useRemoveImage();
  const current = branding[kind];
  const maxMb = BRANDING_IMAGE_LIMITS[kind].maxBytes / 1024 / 1024;
  const send = (file: File | null) => {
    if (!file) return;
    if (file.size > BRANDING_IMAGE_LIMITS[kind].maxBytes) {
      notifyError(t('branding.tooLarge', { max: maxMb }));
      return;
    }
    upload.mutate({ kind, file }, { onSuccess: () => notifySuccess(t('branding.saved')), onError: (error) => notifyApiError(error) });
  };
  return (
    <Card withBorder data-testid={`branding-${kind}`}>
      <Stack>
        <Group justify="space-between">
          <Title order={4}>{t(`branding.images.${kind}`)}</Title>
          <InheritedBadge inherited={current.inherited} platform={branding.platform} />
        </Group>
        <Text size="sm" c="dimmed">
          {t(`branding.images.${kind}Hint`, { max: maxMb })}
        </Text>
        {current.url ? (
          <Image src={current.url} alt={t(`branding.images.${kind}`)} h={kind === 'background' ? 120 : 64} fit="contain" />
        ) : (
          <Text size="sm">{t('branding.noImage')}</Text>
        )}
        <Group justify="flex-end">
          {!current.inherited && current.url && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(kind, { onSuccess: () => notifySuccess(t('branding.removed')), onError: (error) => notifyApiError(error) })
              }
            >
              {t('branding.remove')}
            </Button>
          )}
          <FileButton accept={BRANDING_IMAGE_ACCEPT} onChange={send}>
            {(props) => (
              <Button {...props} leftSection={<IconPhotoUp size={16} />} loading={upload.isPending}>
                {t('branding.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Card>
  );
}
