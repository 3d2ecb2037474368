import { FLOW_LIMITS, FLOW_MEDIA_UPLOAD, type FlowInteraction, type FlowMedia } from '@conversa/shared/chatbot';
import { Button, FileButton, Group, Image, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFile, IconFileMusic, IconMovie, IconPhoto, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { formErrorMessage, isApiError } from '../../../lib/errors';
import { uploadFlowMedia } from '../api';

type MediaInteraction = Extract<FlowInteraction, { kind: 'media' }>;

/** Why a file is refused before it is sent (the server's limits, FLOW_MEDIA_UPLOAD), or null. */
export function mediaFileProblem(file: File): 'empty' | 'tooLarge' | 'type' | null {
  if (file.size === 0) return 'empty';
  if (file.size > FLOW_MEDIA_UPLOAD.maxBytes) return 'tooLarge';
  const mime = file.type.toLowerCase();
  // No declared type (an unknown extension): the server sniffs the bytes and decides.
  if (mime === '') return null;
  const refused = (FLOW_MEDIA_UPLOAD.refusedMimes as readonly string[]).includes(mime);
  if (refused || !FLOW_MEDIA_UPLOAD.mimePrefixes.some((prefix) => mime.startsWith(prefix))) return 'type';
  return null;
}

const MB = 1024 * 1024;

/** 1.2 MB, 350 KB, 12 B, in the user's number format. */
export function formatFileSize(bytes: number, locale: string): string {
  const format = (value: number, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (bytes >= MB) return `${format(bytes / MB, 1)} MB`;
  if (bytes >= 1024) return `${format(bytes / 1024, 0)} KB`;
  return `${format(bytes, 0)} B`;
}

const TYPE_ICONS = { image: IconPhoto, video: IconMovie, audio: IconFileMusic, document: IconFile } as const;

interface MediaInteractionFieldsProps {
  interaction: MediaInteraction;
  /** Its place in the step, for test ids. */
  index: number;
  /** The schema's issues under the interaction, keyed by the rest of the path ('media.key', 'caption'…). */
  errors: Record<string, string>;
  /** Puts an uploaded file in the interaction (by id: the list may have changed while it uploaded); one undo step. */
  onUploaded: (media: FlowMedia) => void;
  onCaption: (caption: string) => void;
}

/**
 * The file of a media interaction: chosen with a button (keyboard too), checked against the
 * server's limits, uploaded (POST /chat-flow/media), and only then put in the interaction — a
 * refused or failed upload changes nothing. Also its caption, with variables like a text message.
 */
export function MediaInteractionFields({ interaction, index, errors, onUploaded, onCaption }: MediaInteractionFieldsProps) {
  const { t, i18n } = useTranslation();
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The image just uploaded from this browser, shown as a preview (the server's copy has no public link).
  const [preview, setPreview] = useState<{ key: string; url: string } | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );
  const mounted = useRef(true);
  // Cleared after each pick, so that the same file can be chosen again (after a failure, say).
  const resetPicker = useRef<() => void>(null);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const { media } = interaction;
  const hasFile = media.key !== '';
  const testId = `interaction-${index}-media`;

  const choose = async (file: File | null) => {
    if (!file) return;
    resetPicker.current?.();
    setProblem(null);
    const refused = mediaFileProblem(file);
    if (refused) {
      setProblem(
        refused === 'tooLarge'
          ? t('chatFlow.media.tooLarge', { name: file.name, max: FLOW_MEDIA_UPLOAD.maxBytes / MB })
          : t(`chatFlow.media.${refused}`, { name: file.name }),
      );
      return;
    }
    setUploading(file.name);
    try {
      const uploaded = await uploadFlowMedia(file);
      // Put in the draft even if the panel closed meanwhile (another step selected): the upload is done.
      onUploaded(uploaded);
      if (mounted.current && uploaded.type === 'image' && typeof URL.createObjectURL === 'function')
        setPreview({ key: uploaded.key, url: URL.createObjectURL(file) });
    } catch (failure) {
      if (mounted.current) setProblem(uploadErrorMessage(failure, t));
    } finally {
      if (mounted.current) setUploading(null);
    }
  };

  const TypeIcon = hasFile ? TYPE_ICONS[media.type] : IconUpload;
  const fileError = errors['media.key'] ?? Object.entries(errors).find(([path]) => path.startsWith('media.'))?.[1];

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap" align="center" data-testid={`${testId}-file`} aria-busy={uploading !== null}>
        {hasFile && preview?.key === media.key ? (
          <Image src={preview.url} alt={media.name} w={56} h={56} radius="sm" fit="cover" data-testid={`${testId}-preview`} />
        ) : (
          <ThemeIcon variant="light" size={56} radius="sm" color={hasFile ? 'blue' : 'gray'}>
            <TypeIcon size={28} />
          </ThemeIcon>
        )}
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          {uploading !== null ? (
            <Group gap={6} wrap="nowrap" role="status">
              <Loader size="xs" />
              <Text size="sm" truncate="end" data-testid={`${testId}-uploading`}>
                {t('chatFlow.media.uploading', { name: uploading })}
              </Text>
            </Group>
          ) : hasFile ? (
            <>
              <Text size="sm" fw={500} truncate="end" title={media.name} data-testid={`${testId}-name`}>
                {media.name}
              </Text>
              <Text size="xs" c="dimmed" data-testid={`${testId}-details`}>
                {t(`chatFlow.media.types.${media.type}`)}
                {media.size !== null ? ` · ${formatFileSize(media.size, i18n.language)}` : ''}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('chatFlow.media.none')}
            </Text>
          )}
        </Stack>
      </Group>
      <FileButton
        resetRef={resetPicker}
        onChange={(file) => void choose(file)}
        accept={FLOW_MEDIA_UPLOAD.accept}
        disabled={uploading !== null}
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            leftSection={<IconUpload size={14} />}
            loading={uploading !== null}
            style={{ alignSelf: 'flex-start' }}
            data-testid={`${testId}-choose`}
          >
            {hasFile ? t('chatFlow.media.replace') : t('chatFlow.media.choose')}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {t('chatFlow.media.limits', { max: FLOW_MEDIA_UPLOAD.maxBytes / MB })}
      </Text>
      {problem ? (
        <Text size="sm" c="red" role="alert" data-testid={`${testId}-problem`}>
          {problem}
        </Text>
      ) : (
        fileError && (
          <Text size="sm" c="red" data-testid={`${testId}-error`}>
            {fileError}
          </Text>
        )
      )}
      <TemplateTextarea
        label={t('chatFlow.media.caption')}
        description={t('chatFlow.media.captionHint', { example: '{{name}}', interpolation: { escapeValue: false } })}
        webhook
        minRows={1}
        maxRows={6}
        maxLength={FLOW_LIMITS.maxMessageChars}
        value={interaction.caption}
        onChange={onCaption}
        error={errors['caption']}
        data-testid={`${testId}-caption`}
      />
    </Stack>
  );
}

/** The server's refusal in the user's language: size and type have their own texts, the rest its code's (or its own) text. */
function uploadErrorMessage(failure: unknown, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (isApiError(failure) && failure.status === 413) return t('chatFlow.media.serverTooLarge', { max: FLOW_MEDIA_UPLOAD.maxBytes / MB });
  if (isApiError(failure) && failure.status === 415) return t('chatFlow.media.serverType');
  return t('chatFlow.media.failed', { reason: formErrorMessage(failure) });
}
