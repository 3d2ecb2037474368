import { RATING_LABELS } from '@conversa/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS = ['red', 'orange', 'yellow', 'lime', 'teal', 'green'] as const;

/** A 0–5 rating with its SPEC §9 label (poor … incredible). */
export function RatingBadge({ rating }: { rating: number }) {
  const { t } = useTranslation();
  const label = RATING_LABELS[rating];
  return (
    <Badge
      color={COLORS[rating] ?? 'gray'}
      variant="light"
      style={{ textTransform: 'none' }}
      data-testid="rating-badge"
      data-rating={rating}
    >
      {rating} · {label ? t(`ratings.labels.${label}`) : ''}
    </Badge>
  );
}
