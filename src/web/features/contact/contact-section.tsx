import { Clock, Mail, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { fullAddressOf, mailtoUrlOf, mapEmbedUrlOf, mapLinkUrlOf, openingHoursLines, whatsappUrlOf } from '../../../shared/site-settings-data';
import { SocialLinks } from '../../components/layout/social-links';
import { WhatsAppIcon } from '../../components/ui/brand-icons';
import { SectionHeading } from '../../components/ui/section-heading';
import { Island } from '../../islands/island';
import { useSiteSettings } from '../../lib/site-settings';

import { lazyWhenVisible } from '../../lib/lazy-visible';

// When the app renders this page itself, the form's code loads as it nears the viewport.
const ContactFormWhenNear = lazyWhenVisible('contact-form-slot', () => import('./contact-form'));
const ContactInApp = () => <ContactFormWhenNear fallback={<div className="min-h-[36rem]" />} />;

function InfoRow({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-blood-600/15 text-blood-400">{icon}</span>
      <div className="min-w-0">
        <h3 className="font-bold">{title}</h3>
        <div className="text-ink-300">{children}</div>
      </div>
    </li>
  );
}

export function ContactSection() {
  const site = useSiteSettings();
  const t = useT();
  return (
    <section id="contact" aria-labelledby="contact-title" className="py-section">
      <div className="container-site">
        <SectionHeading eyebrow={t('contact.eyebrow')} title={t('contact.title')} id="contact-title">
          <p>{t('contact.intro')}</p>
        </SectionHeading>
        <div className="grid grid-cols-1 gap-12 lg:grid-cols-[1fr_1.2fr]">
          <div>
            <ul className="grid grid-cols-1 gap-6">
              <InfoRow icon={<MapPin aria-hidden className="size-6" />} title={t('contact.address')}>
                <address className="not-italic">{fullAddressOf(site)}</address>
              </InfoRow>
              <InfoRow icon={<WhatsAppIcon className="size-6" />} title="WhatsApp">
                <a
                  href={whatsappUrlOf(site)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="underline decoration-ink-600 underline-offset-4 hover:text-blood-400"
                >
                  {site.whatsapp}
                </a>
              </InfoRow>
              <InfoRow icon={<Mail aria-hidden className="size-6" />} title={t('contact.email')}>
                <a href={mailtoUrlOf(site)} className="break-all underline decoration-ink-600 underline-offset-4 hover:text-blood-400">
                  {site.email}
                </a>
              </InfoRow>
              <InfoRow icon={<Clock aria-hidden className="size-6" />} title={t('contact.hours')}>
                {/* Days and hours side by side where both fit on one line, else the hours go
                    under their days; a time range never breaks inside. */}
                <div className="@container">
                  <dl className="grid gap-2 @[21rem]:grid-cols-[auto_1fr] @[21rem]:gap-x-4 @[21rem]:gap-y-0" data-testid="opening-hours">
                    {openingHoursLines(site).map((h) => (
                      <div key={h.days} className="@[21rem]:contents">
                        <dt>{h.days}</dt>
                        <dd className="font-semibold whitespace-nowrap text-bone-100">{h.hours}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              </InfoRow>
            </ul>
            <SocialLinks className="mt-8" />
            <div className="mt-8 overflow-hidden rounded-card border border-ink-700 bg-ink-800">
              {/* Below the fold: the browser fetches the map only when it is about to show. */}
              <iframe
                src={mapEmbedUrlOf(site)}
                title={`Map: ${site.name}, ${site.address.town}`}
                loading="lazy"
                referrerPolicy="no-referrer"
                className="block aspect-[4/3] w-full border-0 focus-visible:outline-offset-[-3px]"
              />
              <a
                href={mapLinkUrlOf(site)}
                target="_blank"
                rel="noopener noreferrer"
                className="block px-4 py-3 text-sm text-ink-300 hover:text-blood-400 focus-visible:outline-offset-[-3px]"
              >
                {t('contact.openMap')}
              </a>
            </div>
          </div>
          <div className="rounded-card border border-ink-700 bg-ink-900 p-6 sm:p-8 lg:self-start">
            <h3 className="mb-6 font-display-tight text-3xl">{t('contact.send')}</h3>
            {/* An island hydrated on first use: the server's form takes typing before its code
                arrives, and a send made meanwhile is held until then (islands/boot.ts). */}
            <Island name="contact-form" component={ContactInApp} props={{}} when="interaction" />
          </div>
        </div>
      </div>
    </section>
  );
}
