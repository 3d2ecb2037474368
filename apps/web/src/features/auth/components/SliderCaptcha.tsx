import { Group, Slider, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export const CAPTCHA_MAX = 100;

export function isCaptchaComplete(value: number): boolean {
  return value >= CAPTCHA_MAX;
}

interface SliderCaptchaProps {
  value: number;
  onChange: (value: number) => void;
}

/**
 * The login's slider captcha (SPEC §2, §5): complete when dragged to the end.
 * Keyboard works too (focus the thumb, End), so it is operable without a mouse.
 */
export function SliderCaptcha({ value, onChange }: SliderCaptchaProps) {
  const { t } = useTranslation();
  const complete = isCaptchaComplete(value);
  return (
    <div data-testid="login-captcha">
      <Text size="sm" fw={500} mb={6} id="captcha-label">
        {t('login.captchaLabel')}
      </Text>
      <Slider
        min={0}
        max={CAPTCHA_MAX}
        step={1}
        value={value}
        onChange={onChange}
        label={null}
        thumbLabel="captcha"
        thumbValueText={(v) => `${v}%`}
        color={complete ? 'teal' : undefined}
        size="lg"
        thumbSize={26}
      />
      <Group gap={4} mt={6} c={complete ? 'teal' : 'dimmed'}>
        {complete && <IconCircleCheck size={16} />}
        <Text size="xs" data-testid="captcha-status">
          {complete ? t('login.captchaDone') : t('login.captchaHint')}
        </Text>
      </Group>
    </div>
  );
}
