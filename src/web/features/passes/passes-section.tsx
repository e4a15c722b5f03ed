import { CreditCard, QrCode, Store, Ticket } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { todayInZone, zoneLabel } from '../../../shared/gym-time';
import { formatThb } from '../../../shared/money';
import { PASS_COVERS } from '../../../shared/catalogue';
import { buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { HoneypotField } from '../../components/ui/honeypot-field';
import { SectionHeading } from '../../components/ui/section-heading';
import { ApiError } from '../../lib/api-client';
import { gymTimeZone } from '../../lib/gym-zone';
import { useResource } from '../../lib/resource';
import { useAction } from '../../lib/use-action';
import { useSiteSettings } from '../../lib/site-settings';
import { useIntlLocale, useLanguage, useLocalePath, useT, useZoneLabel } from '../../i18n/i18n';
import type { OrderFormValues } from './order-resolver';
import { DiscountCodeField } from './discount-code-field';
import { passErrorText } from './pass-errors';
import { COVERS_KEYS, passSummary } from './pass-text';
import { newAttemptKey, passesQuery, paymentMethodsQuery, postOrder, rememberBuyer, type OrderDto, type PassDto } from './pass-queries';

const loadResolver = () => import('./order-resolver');
const EMPTY: OrderFormValues = { passId: '', startDate: '', name: '', email: '', phone: '', method: '', website: '' };

/**
 * The passes on sale beside the single booking (issue 21 §3): grouped by the classes they cover,
 * one to pick, a start date in gym time, the buyer and how to pay. PromptPay and desk orders go
 * to their order page; a card order goes to the card provider's checkout. An island of /booking,
 * woken by the first use (its form's code, react-hook-form, is not needed to read the passes).
 * `only`: the journey's "a pass" shows the passes, "a long-stay programme" the programmes.
 */
export default function PassesSection({ only = 'all' }: { only?: 'all' | 'passes' | 'programmes' }) {
  const t = useT();
  const language = useLanguage();
  const locale = useIntlLocale();
  const lp = useLocalePath();
  const site = useSiteSettings();
  const zoneIn = useZoneLabel();
  const passes = useResource(passesQuery());
  const methodsQuery = useResource(paymentMethodsQuery());
  // A card refused by the server (no card provider configured): the choice goes away.
  const [cardRefused, setCardRefused] = useState(false);
  const promptpay = methodsQuery.data ? methodsQuery.data.promptpay && site.payments.promptpayId !== null : site.payments.promptpayId !== null;
  const card = (methodsQuery.data?.card ?? false) && !cardRefused;
  // The desk always takes the money; alone, it is chosen for the buyer (issue 46 §2).
  const single = !promptpay && !card ? 'desk' : '';

  const resolver: Resolver<OrderFormValues> = async (values, context, options) => (await loadResolver()).orderResolver(language)(values, context, options);
  const form = useForm<OrderFormValues>({ resolver, defaultValues: { ...EMPTY, method: single } });
  const [min, setMin] = useState<string | undefined>(undefined);
  // "Today" is the gym's and moves while the page is open: set in the browser, not in the HTML.
  useEffect(() => {
    const today = todayInZone(gymTimeZone());
    setMin(today);
    if (!form.getValues('startDate')) form.setValue('startDate', today);
  }, [form]);
  const [passId, method] = useWatch({ control: form.control, name: ['passId', 'method'] });
  const chosen = passes.data?.find((p) => p.id === passId) ?? null;
  // Woken by a first use: the visitor is heading for the form, so its checks come now.
  useEffect(() => void loadResolver(), []);
  // One key per attempt: a retry after no answer sends the same one; a double click sends nothing.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The discount code a quote accepted (issue 48); the order sends it.
  const [code, setCode] = useState<string | null>(null);
  const startDate = useWatch({ control: form.control, name: 'startDate' });

  // One send at a time (useAction): a double click sends nothing more.
  const buy = useAction(
    async (v: OrderFormValues) => {
      setRefusal(null);
      const payload = { ...(await loadResolver()).orderFormToPayload(v, language), ...(code ? { code } : {}) };
      const body = JSON.stringify(payload);
      const current = attempt.current?.body === body ? attempt.current : { key: newAttemptKey(), body };
      attempt.current = current;
      return postOrder(payload, current.key);
    },
    {
      onSuccess: (order: OrderDto, v) => {
        rememberBuyer({ name: v.name, email: v.email });
        if (order.checkoutUrl && v.method === 'card') window.location.assign(order.checkoutUrl);
        else if (order.token) window.location.assign(lp(`/booking/order/${encodeURIComponent(order.token)}`));
      },
      onError: (err, v) => {
        attempt.current = err instanceof ApiError && err.status < 500 ? null : attempt.current;
        console.error('Failed to create order', err);
        if (err instanceof ApiError && ((err.code as string | null) === 'card_unavailable' || (err.status === 409 && v.method === 'card'))) {
          setCardRefused(true);
          form.setValue('method', promptpay ? '' : 'desk');
          setRefusal(t('passes.cardUnavailable'));
          return;
        }
        setRefusal(passErrorText(err, t, 'passes.failed'));
      },
    },
  );
  const { errors } = form.formState;
  const price = (satang: number) => formatThb(satang, locale);

  const content = (() => {
    if (passes.isPending)
      return (
        <p role="status" className="text-ink-300">
          {t('passes.loading')}
        </p>
      );
    if (passes.isError)
      return (
        <div role="alert" className="text-ink-300">
          <p>{t('passes.loadFailed')}</p>
          <button
            type="button"
            onClick={() => void passes.refetch()}
            disabled={passes.isFetching}
            className="mt-2 font-semibold text-bone-50 underline underline-offset-4"
          >
            {t('timetable.retry')}
          </button>
        </div>
      );
    if (!passes.data || !passes.data.some((p) => only === 'all' || (only === 'programmes') === (p.kind === 'programme')))
      return (
        <p className="rounded-card border border-ink-700 bg-ink-900 p-5 text-ink-300" data-testid="passes-empty">
          {t('passes.empty')}
        </p>
      );
    return null;
  })();

  return (
    <section aria-labelledby="passes-title" className="mb-16" data-testid="passes-section">
      <SectionHeading eyebrow={t('passes.eyebrow')} title={t('passes.title')} id="passes-title">
        <p>{t('passes.intro')}</p>
        {/* Only the ways this gym takes, as the choices below offer them. */}
        <p className="mt-2" data-testid="pay-ways">
          {t(promptpay && card ? 'passes.payWays.all' : promptpay ? 'passes.payWays.promptpay' : card ? 'passes.payWays.card' : 'passes.payWays.desk')}
        </p>
      </SectionHeading>
      {content ?? (
        <form noValidate onSubmit={form.handleSubmit((v) => buy.run(v))} id="pass-form" aria-label={t('passes.formTitle')}>
          <fieldset className="min-w-0">
            <legend className="sr-only">{t('passes.pick')}</legend>
            {only !== 'programmes' &&
              PASS_COVERS.map((covers) => {
                const group = passes.data!.filter((p) => p.covers === covers && p.kind !== 'programme');
                if (group.length === 0) return null;
                return (
                  <div key={covers} className="mb-8" data-testid="pass-group" data-covers={covers}>
                    <h3 className="mb-3 font-display-tight text-2xl">{noBreakBefore(t(COVERS_KEYS[covers]))}</h3>
                    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                      {group.map((p) => (
                        <li key={p.id}>
                          <PassChoice pass={p} price={price} checked={p.id === passId} register={form.register('passId')} />
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
            {only !== 'passes' && (
              <ProgrammesGroup
                programmes={passes.data!.filter((p) => p.kind === 'programme')}
                price={price}
                passId={passId}
                register={form.register('passId')}
              />
            )}
            {errors.passId?.message && (
              <p role="alert" className="-mt-4 mb-6 text-sm font-medium text-danger-400">
                {t('passes.pickError')}
              </p>
            )}
          </fieldset>

          <div className="mx-auto grid max-w-3xl gap-5 rounded-card border border-ink-700 bg-ink-900 p-6 sm:grid-cols-2 sm:p-10">
            <h3 className="font-display-tight text-3xl sm:col-span-2">{t('passes.formTitle')}</h3>
            {chosen && (
              <p className="text-lg font-semibold text-bone-50 sm:col-span-2" data-testid="pass-chosen">
                {noBreakBefore(`${chosen.name[language]} · ${price(chosen.priceSatang)}`)}
                {chosen.depositSatang > 0 && (
                  <span className="block text-base font-normal text-ink-300">{t('passes.depositNote', { deposit: price(chosen.depositSatang) })}</span>
                )}
              </p>
            )}
            <Field
              label={t('passes.startDate')}
              error={errors.startDate?.message}
              hint={t('passes.startHint', { zone: zoneIn(zoneLabel(gymTimeZone())) })}
              className="sm:col-span-2"
            >
              <input type="date" min={min} className={`${inputClass} [color-scheme:dark]`} {...form.register('startDate')} />
            </Field>
            <Field label={t('bookingForm.name')} error={errors.name?.message} className="sm:col-span-2">
              <input className={inputClass} autoComplete="name" {...form.register('name')} />
            </Field>
            <Field label={t('bookingForm.email')} error={errors.email?.message} hint={t('passes.emailHint')}>
              <input type="email" className={inputClass} autoComplete="email" {...form.register('email')} />
            </Field>
            <Field label={t('bookingForm.phone')} optional error={errors.phone?.message}>
              <input type="tel" className={inputClass} autoComplete="tel" placeholder="+66" {...form.register('phone')} />
            </Field>
            <fieldset className="min-w-0 sm:col-span-2">
              <legend className="mb-1.5 text-sm font-semibold text-bone-100">{t('passes.method')}</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {promptpay && (
                  <MethodChoice
                    value="promptpay"
                    label={t('passes.method.promptpay')}
                    icon={<QrCode aria-hidden className="size-5" />}
                    checked={method === 'promptpay'}
                    register={form.register('method')}
                  />
                )}
                {card && (
                  <MethodChoice
                    value="card"
                    label={t('passes.method.card')}
                    icon={<CreditCard aria-hidden className="size-5" />}
                    checked={method === 'card'}
                    register={form.register('method')}
                  />
                )}
                <MethodChoice
                  value="desk"
                  label={t('passes.method.desk')}
                  icon={<Store aria-hidden className="size-5" />}
                  checked={method === 'desk'}
                  register={form.register('method')}
                />
              </div>
              {errors.method?.message && (
                <p role="alert" className="mt-1.5 text-sm font-medium text-danger-400">
                  {t('passes.methodError')}
                </p>
              )}
            </fieldset>
            <DiscountCodeField lines={passId && startDate ? { passId, startDate, language } : null} onApplied={setCode} />
            <HoneypotField {...form.register('website')} />
            <div className="sm:col-span-2">
              <p className="mb-4 text-sm text-ink-300">{t('passes.cancelRule', { hours: site.payments.cancelHours })}</p>
              <button
                type="submit"
                disabled={buy.pending}
                aria-disabled={buy.pending}
                className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}
                data-testid="pass-buy"
              >
                <Ticket aria-hidden className="size-5" />
                {buy.pending ? t('passes.buying') : t('passes.buy')}
              </button>
              {refusal && (
                <p role="alert" className="mt-3 text-base font-semibold text-danger-400" data-testid="pass-refused">
                  {refusal}
                </p>
              )}
            </div>
          </div>
        </form>
      )}
    </section>
  );
}

/** "MMA / Wrestling / BJJ": a separator stays at the end of its line, never first on the next one. */
const noBreakBefore = (text: string) => text.replace(/ ([/·]) /g, '\u00a0$1 ');

type Registered = ReturnType<ReturnType<typeof useForm<OrderFormValues>>['register']>;

/** Inside its group the column is said by the heading: "1 week · Muay Thai" shows "1 week". */
const rowName = (name: string) => {
  const cut = name.lastIndexOf(' · ');
  return cut > 0 ? name.slice(0, cut) : name;
};

function PassChoice({ pass, price, checked, register }: { pass: PassDto; price: (s: number) => string; checked: boolean; register: Registered }) {
  const t = useT();
  const language = useLanguage();
  return (
    <label
      className={`flex h-full cursor-pointer flex-col rounded-card border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-400 ${
        checked ? 'border-gold-400 bg-ink-850' : 'border-ink-700 bg-ink-900 hover:border-blood-500'
      }`}
      data-testid="pass-option"
      data-pass-id={pass.id}
    >
      <input type="radio" value={pass.id} className="sr-only" {...register} />
      <span className="flex items-baseline justify-between gap-3">
        <span className="font-display-tight text-xl text-bone-50">{rowName(pass.name[language])}</span>
        <span className="font-display-tight text-xl whitespace-nowrap text-gold-400 tabular-nums">{price(pass.priceSatang)}</span>
      </span>
      <span className="mt-1 text-sm text-ink-300">{passSummary(pass, t)}</span>
      {pass.depositSatang > 0 && <span className="mt-1 text-sm text-ink-300">{t('passes.deposit', { deposit: price(pass.depositSatang) })}</span>}
    </label>
  );
}

/** The long-stay programmes (issue 35), after the passes: their own heading and a word on the visa letter. */
function ProgrammesGroup({
  programmes,
  price,
  passId,
  register,
}: {
  programmes: PassDto[];
  price: (s: number) => string;
  passId: string;
  register: Registered;
}) {
  const t = useT();
  if (programmes.length === 0) return null;
  return (
    <div className="mb-8" data-testid="pass-group" data-covers="programme">
      <h3 className="mb-1 font-display-tight text-2xl">{t('passes.programmes')}</h3>
      <p className="mb-3 max-w-3xl text-ink-300">{t('passes.programmesIntro')}</p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {programmes.map((p) => (
          <li key={p.id}>
            <PassChoice pass={p} price={price} checked={p.id === passId} register={register} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function MethodChoice({
  value,
  label,
  icon,
  checked,
  register,
}: {
  value: string;
  label: string;
  icon: React.ReactNode;
  checked: boolean;
  register: Registered;
}) {
  return (
    <label
      className={`flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border px-4 py-3 font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-400 ${
        checked ? 'border-gold-400 bg-ink-850 text-bone-50' : 'border-ink-600 text-bone-100 hover:border-ink-400'
      }`}
      data-testid="pay-method"
      data-method={value}
    >
      <input type="radio" value={value} defaultChecked={checked} className="sr-only" {...register} />
      {icon}
      {label}
    </label>
  );
}
