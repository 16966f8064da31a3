import { Button, Container, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isGp } from '@tranche/shared/auth/roles';
import { newIdempotencyKey } from '@tranche/shared/http/idempotency';
import type { ProductDetail } from '@tranche/shared/product/product.schema';
import type { ProfileSummary } from '@tranche/shared/profile/profile.schema';
import { AMOUNT_REQUIRED } from '@tranche/shared/subscription/request';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import { type ReactNode, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { NotFoundPage } from '@/components/not-found-page';
import { NoticePanel } from '@/components/notice-panel';
import { PageLoader } from '@/components/page-loader';
import { useProduct, useProductPageLocales } from '@/features/products';
import { useProfiles } from '@/features/profiles';
import { signInPath, signUpPath, useCurrentUser } from '@/features/session';
import { FormAlert } from '@/features/session/screens';
import { createSubscription } from '@/features/subscriptions/api/subscriptions';
import { AMOUNT_PATTERN, amountLimits, investableProfiles } from '@/features/subscriptions/lib/start';
import { useSubscriptionsLocales } from '@/features/subscriptions/locales';
import { type InvestorSubscriptionType, subscriptionPath, typeOfSubscribePath } from '@/features/subscriptions/paths';
import { useLpSettings } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { placeApiError, ruleTextWith } from '@/lib/api-field-error';
import { useFieldErrorText } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format';
import { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';

/**
 * /products/:productId/subscribe/:action, where a fund page's Express interest, Reserve and Invest
 * lead. A visitor is asked to sign in or sign up first and comes back to the fund (`next`, kept
 * through sign-up's code step and the second factor), where the offer may differ for them. An investor
 * chooses the profile they invest as, the share class and the amount, and the subscription is
 * created; Invest then opens the scenario runner, the other two the subscription's status.
 */
const SubscribePage = () => {
  useProductPageLocales();
  useSubscriptionsLocales();
  const { t } = useTranslation();
  const lang = useLang();
  const { productId, action } = useParams();
  const type = typeOfSubscribePath(action);
  const { data: user, error: userError, isLoading: userLoading, mutate: reloadUser } = useCurrentUser();
  const product = useProduct(productId);
  const { data: lpSettings } = useLpSettings();
  const actionLabel = type ? t(`subscriptionType.${type}`) : '';
  const signedOut = isApiError(userError) && userError.status === 401;
  const fundName = product.data ? localized(product.data.name, lang) : '';
  useDocumentTitle(
    signedOut
      ? t('productPage.signInFirstTitle', { action: actionLabel })
      : fundName
        ? t('subscriptions.start.heading', { action: actionLabel, fund: fundName })
        : actionLabel,
  );
  if (!type || !productId) return <NotFoundPage />;
  const fund = `/products/${productId}`;
  if (signedOut)
    return (
      <Container size="sm" py="xl">
        <NoticePanel
          title={t('productPage.signInFirstTitle', { action: actionLabel })}
          headingOrder={1}
          action={
            <Group justify="center">
              <Button component={Link} to={signInPath(fund)}>
                {t('session.signIn')}
              </Button>
              {lpSettings?.settings.signUpEnabled !== false && (
                <Button component={Link} to={signUpPath(fund)} variant="light">
                  {t('productPage.createAccount')}
                </Button>
              )}
              <Button component={Link} to={fund} variant="subtle">
                {t('productPage.backToFund')}
              </Button>
            </Group>
          }
        >
          {t('productPage.signInFirstBody')}
        </NoticePanel>
      </Container>
    );
  if (userLoading || product.isLoading) return <PageLoader label={t('app.loading')} />;
  if (isApiError(product.error) && product.error.status === 404) return <NotFoundPage />;
  if (userError || !user || product.error || !product.data)
    return (
      <Container size="sm" py="xl">
        <LoadError
          error={userError ?? product.error}
          onRetry={() => {
            void reloadUser();
            void product.mutate();
          }}
        />
      </Container>
    );
  return <StartForm user={user} product={product.data} type={type} actionLabel={actionLabel} />;
};
export default SubscribePage;

interface StartValues {
  profileId: string;
  shareClassId: string;
  amount: string;
}

interface StartProps {
  user: CurrentUser;
  product: ProductDetail;
  type: InvestorSubscriptionType;
  actionLabel: string;
}

/** The page's frame: back to the fund, the one h1 (the action and the fund), what this action means. */
const StartFrame = ({ product, type, actionLabel, children }: Omit<StartProps, 'user'> & { children: ReactNode }) => {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <BackLink to={`/products/${product.productId}`}>{t('productPage.backToFund')}</BackLink>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {t('subscriptions.start.heading', { action: actionLabel, fund: localized(product.name, lang) })}
          </Title>
          <Text c="dimmed">{t(`subscriptions.start.intro.${type}`)}</Text>
        </Stack>
        {children}
      </Stack>
    </Container>
  );
};

/** Who may start this: an investor, on a fund that offers the type, with a profile to invest as. */
const StartForm = (props: StartProps) => {
  const { user, product, type } = props;
  const { t } = useTranslation();
  const fund = `/products/${product.productId}`;
  // The team has no investor profiles: their list is never asked for.
  const profiles = useProfiles(!isGp(user.role));
  const backToFund = (
    <Button component={Link} to={fund} variant="light">
      {t('productPage.backToFund')}
    </Button>
  );
  if (isGp(user.role) || !(product.allowedSubscriptionTypes ?? []).includes(type))
    return (
      <StartFrame {...props}>
        <NoticePanel title={t('subscriptions.start.notOfferedTitle')} action={backToFund}>
          {t('subscriptions.start.notOfferedBody')}
        </NoticePanel>
      </StartFrame>
    );
  if (profiles.error)
    return (
      <StartFrame {...props}>
        <LoadError error={profiles.error} onRetry={() => void profiles.mutate()} />
      </StartFrame>
    );
  if (profiles.isLoading || !profiles.data) return <PageLoader label={t('app.loading')} />;
  const choices = investableProfiles(profiles.data.items);
  if (choices.length === 0)
    return (
      <StartFrame {...props}>
        <NoticePanel
          title={t('subscriptions.start.noProfileTitle')}
          action={
            <Button component={Link} to="/profiles">
              {t('subscriptions.start.createProfile')}
            </Button>
          }
        >
          {t('subscriptions.start.noProfileBody')}
        </NoticePanel>
      </StartFrame>
    );
  return (
    <StartFrame {...props}>
      <AmountForm {...props} choices={choices} />
    </StartFrame>
  );
};

const AmountForm = ({ product, type, choices }: StartProps & { choices: ProfileSummary[] }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const form = useForm<StartValues>({
    defaultValues: {
      profileId: choices[0]?.profileId ?? '',
      shareClassId: product.shareClasses[0]?.shareClassId ?? '',
      amount: '',
    },
  });
  const errorOf = useFieldErrorText(form.formState.errors, ruleTextWith(t as (key: string) => string));
  const [failure, setFailure] = useState<unknown>();
  const attempt = useRef<{ values: string; key: string } | undefined>(undefined);
  const limits = amountLimits(product, form.watch('shareClassId'));
  const amountRequired = AMOUNT_REQUIRED[type];

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    const amount = values.amount.trim();
    const body = {
      productId: product.productId,
      type,
      profileId: values.profileId,
      ...(values.shareClassId ? { shareClassId: values.shareClassId } : {}),
      ...(amount ? { amount } : {}),
    };
    // One key per intended subscription: pressing again after a timeout with the same answers gets
    // the subscription already made instead of a second one; changed answers are another request.
    const key = JSON.stringify(body);
    if (attempt.current?.values !== key) attempt.current = { values: key, key: newIdempotencyKey() };
    try {
      const created = await createSubscription(body, attempt.current.key);
      notifications.show({ color: 'green', message: t(`subscriptions.start.sent.${type}`) });
      void navigate(subscriptionPath(created.subscriptionId));
    } catch (error) {
      // A refused amount, profile or share class lands on its field; anything else (the type no
      // longer offered, a network failure) above the form.
      const placed = placeApiError(error, form, ['amount', 'profileId', 'shareClassId'], lang);
      if (!placed) setFailure(error);
    }
  });

  const min = formatMoney(limits.minInvestment, limits.currency, lang);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Stack gap="md">
          <FormAlert error={failure} title={t('subscriptions.start.failed')} />
          <NativeSelect
            label={t('subscriptions.start.profile')}
            description={t('subscriptions.start.profileHelp')}
            data={choices.map((p) => ({ value: p.profileId, label: p.name }))}
            error={errorOf('profileId')}
            {...form.register('profileId')}
          />
          {product.shareClasses.length > 1 && (
            <NativeSelect
              label={t('subscriptions.start.shareClass')}
              data={product.shareClasses.map((c) => ({ value: c.shareClassId, label: localized(c.name, lang) }))}
              error={errorOf('shareClassId')}
              {...form.register('shareClassId')}
            />
          )}
          <TextInput
            label={
              amountRequired
                ? t('subscriptions.start.amount', { currency: limits.currency })
                : t('subscriptions.start.amountOptional', { currency: limits.currency })
            }
            description={
              limits.maxInvestment
                ? t('subscriptions.start.limitsRange', {
                    min,
                    max: formatMoney(limits.maxInvestment, limits.currency, lang),
                  })
                : t('subscriptions.start.limits', { min })
            }
            inputMode="decimal"
            autoComplete="off"
            required={amountRequired}
            error={errorOf('amount')}
            {...form.register('amount', {
              required: amountRequired ? 'subscriptions.start.errors.required' : false,
              pattern: { value: AMOUNT_PATTERN, message: 'subscriptions.start.errors.amount' },
            })}
          />
          <Group justify="flex-end" gap="sm">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t(`subscriptions.start.submit.${type}`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
