import { useState, type FormEvent } from 'react';
import { toast } from '../lib/toast';
import type { DeliveryKind } from '@jara/shared';
import { Button } from '../components/ui/button';
import { TextArea } from '../components/ui/field';
import { Skeleton } from '../components/ui/skeleton';
import { Stars } from '../components/ui/stars';
import { StarInput } from '../components/ui/star-input';
import { errorMessage } from '../lib/api-client';
import { useMyRating } from './api/get-my-ratings';
import { useRateRider } from './api/rate-rider';
import { t as translate, useT } from '../i18n';

const COMMENT_MAX = 500;

/**
 * For a delivered order or dispatch: the stars the customer gave its rider, or the form to give
 * them (1 to 5 stars, an optional comment). The server accepts one rating per delivery.
 */
export function RateRider({ subjectType, subjectId }: { subjectType: DeliveryKind; subjectId: string }) {
  const t = useT('delivery');
  const mine = useMyRating(subjectType, subjectId);
  const rate = useRateRider();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');

  if (mine.isPending) return <Skeleton className="h-10 w-48" />;
  if (mine.data) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <span className="font-medium">{t('delivery.rate.given')}</span>
        <Stars value={mine.data.stars} />
      </p>
    );
  }

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stars) return toast.error(translate('delivery', 'delivery.rate.chooseStars'));
    try {
      await rate.mutateAsync({
        subjectType,
        subjectId,
        stars,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
      toast.success(translate('delivery', 'delivery.rate.thanks'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <form
      onSubmit={(e) => void handleSubmit(e)}
      aria-label={t('delivery.rate.title')}
      className="space-y-3 rounded-2xl bg-stone-50 p-4"
    >
      <StarInput label={t('delivery.rate.title')} value={stars} onChange={setStars} disabled={rate.isPending} />
      <TextArea
        label={t('delivery.rate.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={COMMENT_MAX}
        rows={2}
        className="[&_textarea]:min-h-20"
        disabled={rate.isPending}
      />
      <Button type="submit" size="sm" disabled={!stars || rate.isPending}>
        {rate.isPending ? t('delivery.rate.sending') : t('delivery.rate.submit')}
      </Button>
    </form>
  );
}
