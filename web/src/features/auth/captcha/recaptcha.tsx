import { Input, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';

/** The part of Google's `grecaptcha` global we use (explicit rendering of the v2 checkbox). */
interface Grecaptcha {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  reset(widgetId: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    trancheRecaptchaLoaded?: () => void;
  }
}

let loading: Promise<Grecaptcha> | undefined;

/** Adds Google's script once, when a form with a captcha is first shown (never in the first download). */
const loadRecaptcha = (lang: string): Promise<Grecaptcha> => {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.trancheRecaptchaLoaded = () =>
      window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('no grecaptcha'));
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?onload=trancheRecaptchaLoaded&render=explicit&hl=${encodeURIComponent(lang)}`;
    script.async = true;
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.append(script);
  });
  return loading;
};

interface RecaptchaProps {
  siteKey: string;
  value: string;
  onChange: (token: string) => void;
  error?: string | undefined;
}

/** The `recaptcha` adapter's widget: Google's checkbox; its token goes to the API as `captchaToken`. */
const Recaptcha = ({ siteKey, value, onChange, error }: RecaptchaProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<number | undefined>(undefined);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let live = true;
    loadRecaptcha(lang).then(
      (grecaptcha) => {
        if (!live || !container.current || widget.current !== undefined) return;
        widget.current = grecaptcha.render(container.current, {
          sitekey: siteKey,
          callback: (token) => latestOnChange.current(token),
          'expired-callback': () => latestOnChange.current(''),
          'error-callback': () => latestOnChange.current(''),
        });
        setState('ready');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [siteKey, lang]);

  // A token is good for one check: when the form clears it after a submission, ask for a new one.
  useEffect(() => {
    if (value === '' && widget.current !== undefined) window.grecaptcha?.reset(widget.current);
  }, [value]);

  return (
    <Input.Wrapper label={t('auth.captchaLabel')} error={error}>
      {state === 'loading' && (
        <Text size="sm" c="dimmed" role="status">
          <Loader size="xs" mr={6} aria-hidden />
          {t('auth.captchaLoading')}
        </Text>
      )}
      {state === 'failed' && (
        <Text size="sm" c="red.9" role="alert">
          {t('auth.captchaUnavailable')}
        </Text>
      )}
      <div ref={container} />
    </Input.Wrapper>
  );
};
export default Recaptcha;
