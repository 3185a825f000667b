import type { Review } from '@vitrina/contracts';
import { Alert, Button, Group, Rating, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ResponsiveImage } from '@/components/responsive-image';
import { useItemReviews } from '../api/list-item-reviews';
import { useReviewsT, type ReviewsT } from '../i18n/texts';

interface Props {
  itemId: string;
  /** Reviews a page (newest first); 'Ver más reseñas' reads the next. */
  pageSize?: number;
}

/**
 * An item's reviews for its page (issue 13: the customers' reviews of delivered lines, public): stars, title, author
 * and date, text and photos, newest first, with loading, empty and error states. The route mounts it beside the
 * item (features do not import each other).
 */
export function ItemReviews({ itemId, pageSize = 5 }: Props) {
  const { t, i18n } = useReviewsT();
  const reviews = useItemReviews(itemId, pageSize);
  const date = new Intl.DateTimeFormat(i18n.language === 'es' ? 'es-MX' : i18n.language, { dateStyle: 'medium' });
  return (
    <Stack gap="sm" component="section" aria-labelledby="item-reviews-title" data-testid="item-reviews">
      <Title order={2} size="h4" id="item-reviews-title">
        {t('list.title')}
      </Title>
      {reviews.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('list.loading')} data-testid="item-reviews-loading">
          {[0, 1].map((n) => (
            <Stack key={n} gap={6}>
              <Skeleton h={16} w={100} />
              <Skeleton h={14} w="60%" />
              <Skeleton h={40} />
            </Stack>
          ))}
        </Stack>
      ) : reviews.isError ? (
        <Alert color="red" data-testid="item-reviews-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('list.loadFailed')}</Text>
            <Button size="xs" variant="light" onClick={() => void reviews.refetch()}>
              {t('list.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : reviews.data.pages[0]?.results.length ? (
        <Stack gap="md">
          {reviews.data.pages
            .flatMap((page) => page.results)
            .map((review) => (
              <ReviewEntry key={review.id} review={review} date={date} t={t} />
            ))}
          {reviews.hasNextPage && (
            <Group>
              <Button variant="default" size="xs" loading={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
                {t('list.more')}
              </Button>
            </Group>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="item-reviews-empty">
          {t('list.empty')}
        </Text>
      )}
    </Stack>
  );
}

function ReviewEntry({ review, date, t }: { review: Review; date: Intl.DateTimeFormat; t: ReviewsT }) {
  const name = review.author_name || t('list.anonymous');
  return (
    <Stack gap={4} component="article" data-testid="item-review">
      <Group gap="xs">
        <Rating value={review.rating} readOnly size="sm" role="img" aria-label={t('modal.star', { count: review.rating })} />
        <Text fw={600} size="sm">
          {review.title}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('list.byline', { name, date: date.format(new Date(review.created_at)) })}
      </Text>
      {review.text && (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {review.text}
        </Text>
      )}
      {review.photos.length > 0 && (
        <Group gap="xs">
          {review.photos.map((url, n) => (
            <ResponsiveImage
              key={url}
              src={url}
              alt={t('list.photoAlt', { n: n + 1, name })}
              sizes="80px"
              width={80}
              height={80}
              style={{ objectFit: 'cover', borderRadius: 6 }}
            />
          ))}
        </Group>
      )}
    </Stack>
  );
}
