import { ExternalLink } from 'lucide-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { SITE_SETTINGS_LIMITS, type SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { WEEKDAYS, WEEKDAY_LABELS_FR, mapLinkUrlOf } from '../../../../shared/site-settings-data';
import { Field, Input, Label, fieldAria } from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';
import { SettingsSection, TextField, fieldId, useFieldError } from './fields';
import { SiteImageField } from './image-field';
import { MoveButtons, OrderedItems, type ItemControls } from './ordered-items';
import { HeroPreview } from './previews';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function GymSection() {
  const geo = useWatch<SiteSettingsInput, 'geo'>({ name: 'geo' });
  const validGeo = Number.isFinite(geo?.latitude) && Number.isFinite(geo?.longitude);
  return (
    <SettingsSection
      id="salle"
      title="Salle"
      description="Nom, adresse et position sur la carte, tels que le site, les e-mails et les moteurs de recherche les montrent."
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField name="name" label="Nom du club" lang="en" />
        <TextField name="shortName" label="Nom court" hint="Icône de l'application et endroits étroits" lang="en" />
      </div>
      <TextField name="tagline" label="Slogan" lang="en" />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField name="address.street" label="Adresse (rue)" lang="en" />
        <TextField name="address.town" label="Ville" hint="Celle que les visiteurs connaissent (accueil, titres des pages)" lang="en" />
        <TextField name="address.locality" label="Localité" lang="en" />
        <TextField name="address.region" label="Province" lang="en" />
        <TextField name="address.postalCode" label="Code postal" />
        <TextField name="address.country" label="Pays" lang="en" />
        <TextField name="address.countryCode" label="Code pays" hint="Deux lettres (TH)" />
      </div>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Position sur la carte</legend>
        <TextField name="geo.latitude" label="Latitude" number inputMode="decimal" />
        <TextField name="geo.longitude" label="Longitude" number inputMode="decimal" />
      </fieldset>
      {validGeo && (
        <a
          href={mapLinkUrlOf({ geo })}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex w-fit items-center gap-1 text-sm font-medium text-red-800 underline underline-offset-4"
        >
          <ExternalLink className="h-4 w-4" aria-hidden />
          Vérifier la position sur OpenStreetMap
        </a>
      )}
    </SettingsSection>
  );
}

export function ContactSection() {
  return (
    <SettingsSection
      id="contact"
      title="Contact et réseaux"
      description="La barre de contact du téléphone, la page Contact, le pied de page et les e-mails les utilisent."
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField name="whatsapp" label="Numéro WhatsApp" hint="Format international avec + (ex. +66 81 234 5678)" type="tel" inputMode="tel" />
        <TextField name="email" label="E-mail" type="email" inputMode="email" />
      </div>
      <TextField name="whatsappGreeting" label="Message WhatsApp pré-rempli" rows={2} lang="en" />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField name="social.instagram" label="Instagram" hint="Lien https, vide pour aucun" type="url" inputMode="url" nullable />
        <TextField name="social.facebook" label="Facebook" hint="Lien https, vide pour aucun" type="url" inputMode="url" nullable />
        <TextField name="social.tiktok" label="TikTok" hint="Lien https, vide pour aucun" type="url" inputMode="url" nullable />
      </div>
    </SettingsSection>
  );
}

function DayHours({ day }: { day: (typeof WEEKDAYS)[number] }) {
  const { control, register } = useFormContext<SiteSettingsInput>();
  const open = useWatch<SiteSettingsInput, `hours.${typeof day}.open`>({ name: `hours.${day}.open` });
  const fromError = useFieldError(`hours.${day}.from`);
  const toError = useFieldError(`hours.${day}.to`);
  const label = capitalise(WEEKDAY_LABELS_FR[day]);
  const fromId = fieldId(`hours.${day}.from`);
  const toId = fieldId(`hours.${day}.to`);
  return (
    <li
      className="grid gap-3 border-t border-gray-200 pt-3 first:border-t-0 first:pt-0 sm:grid-cols-[8rem_9rem_1fr] sm:items-center"
      data-testid={`hours-${day}`}
    >
      <p className="font-medium text-gray-900">{label}</p>
      <div className="flex items-center gap-2">
        <Controller
          control={control}
          name={`hours.${day}.open`}
          render={({ field }) => <Switch id={fieldId(`hours.${day}.open`)} checked={!!field.value} onCheckedChange={field.onChange} />}
        />
        <Label htmlFor={fieldId(`hours.${day}.open`)}>
          {open ? 'Ouvert' : 'Fermé'}
          <span className="sr-only"> le {WEEKDAY_LABELS_FR[day]}</span>
        </Label>
      </div>
      {open ? (
        <div className="grid grid-cols-2 gap-3">
          <Field id={fromId} label={<span>De</span>} error={fromError}>
            <Input type="time" aria-label={`${label} : ouverture`} {...fieldAria(fromId, fromError)} {...register(`hours.${day}.from`)} />
          </Field>
          <Field id={toId} label={<span>À</span>} error={toError}>
            <Input type="time" aria-label={`${label} : fermeture`} {...fieldAria(toId, toError)} {...register(`hours.${day}.to`)} />
          </Field>
        </div>
      ) : (
        <p className="text-sm text-gray-700">Fermé toute la journée</p>
      )}
    </li>
  );
}

export function HoursSection() {
  return (
    <SettingsSection id="horaires" title="Horaires" description="Heures de Krabi (UTC+7). Les jours aux mêmes horaires sont regroupés sur le site.">
      <ul className="grid gap-3">
        {WEEKDAYS.map((day) => (
          <DayHours key={day} day={day} />
        ))}
      </ul>
    </SettingsSection>
  );
}

export function ReviewsSection() {
  const { control } = useFormContext<SiteSettingsInput>();
  const reviews = useFieldArray({ control, name: 'reviews' });
  return (
    <SettingsSection
      id="avis"
      title="Avis"
      description={`Affichés trois à la fois sur l'accueil, dans cet ordre (au moins ${SITE_SETTINGS_LIMITS.reviewsMin}).`}
    >
      <OrderedItems
        fields={reviews.fields}
        move={reviews.move}
        remove={reviews.remove}
        listName="reviews"
        max={SITE_SETTINGS_LIMITS.reviews}
        addLabel="Ajouter un avis"
        onAdd={() => reviews.append({ name: '', location: '', quote: '' }, { focusName: `reviews.${reviews.fields.length}.name` })}
        renderItem={(i, controls) => <ReviewItem index={i} {...controls} />}
      />
    </SettingsSection>
  );
}

function ReviewItem({ index, count, onUp, onDown, onRemove }: ItemControls & { index: number }) {
  const name = useWatch<SiteSettingsInput, `reviews.${number}.name`>({ name: `reviews.${index}.name` });
  const what = `l'avis ${index + 1}${name ? ` (${name})` : ''}`;
  return (
    <li className="grid gap-3 rounded-md border border-gray-200 p-3" data-testid="review-item">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-gray-900">Avis {index + 1}</h3>
        <MoveButtons what={what} index={index} count={count} onUp={onUp} onDown={onDown} onRemove={onRemove} />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <TextField name={`reviews.${index}.name`} label="Nom" />
        <TextField name={`reviews.${index}.location`} label="Provenance" lang="en" />
      </div>
      <TextField name={`reviews.${index}.quote`} label="Avis" rows={3} lang="en" />
    </li>
  );
}

export function TextsSection() {
  const hero = useWatch<SiteSettingsInput, 'hero'>({ name: 'hero' });
  const heroImage = useWatch<SiteSettingsInput, 'heroImageUrl'>({ name: 'heroImageUrl' });
  return (
    <SettingsSection id="textes" title="Textes et SEO" description="Les textes du site en anglais ; leurs traductions sont dans la section « Traductions ».">
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Accueil</legend>
        <TextField name="hero.badge" label="Bandeau" lang="en" />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField name="hero.title" label="Titre" lang="en" />
          <TextField name="hero.highlight" label="Mot mis en avant (en rouge)" hint="Un mot du titre, ou vide" lang="en" />
        </div>
        <TextField name="hero.subtitle" label="Sous-titre" lang="en" />
        <TextField name="hero.text" label="Texte" rows={3} lang="en" />
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold text-gray-900">Aperçu de l&apos;accueil (avant enregistrement)</h3>
          <HeroPreview hero={hero} imageUrl={heroImage} />
        </div>
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold text-gray-900">À propos</legend>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField name="about.eyebrow" label="Surtitre" lang="en" />
          <TextField name="about.title" label="Titre" lang="en" />
        </div>
        <TextField name="about.text" label="Texte" rows={4} lang="en" />
        <div className="grid gap-4 md:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="grid gap-3 rounded-md border border-gray-200 p-3">
              <TextField name={`about.points.${i}.title`} label={`Point fort ${i + 1} : titre`} lang="en" />
              <TextField name={`about.points.${i}.text`} label={`Point fort ${i + 1} : texte`} rows={2} lang="en" />
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Référencement (pages sans titre propre)</legend>
        <TextField name="seo.title" label="Titre SEO par défaut" lang="en" />
        <TextField name="seo.description" label="Description SEO par défaut" rows={2} lang="en" />
      </fieldset>
    </SettingsSection>
  );
}

export function ImagesSection() {
  const { control } = useFormContext<SiteSettingsInput>();
  const logoError = useFieldError('logoUrl');
  const heroError = useFieldError('heroImageUrl');
  return (
    <SettingsSection id="images" title="Images" description="Mêmes contrôles que la galerie ; l'image d'accueil sert aussi d'aperçu sur les réseaux sociaux.">
      <Controller
        control={control}
        name="logoUrl"
        render={({ field }) => (
          <SiteImageField
            kind="logo"
            label="Logo"
            hint="JPG, PNG, GIF ou WebP, 10 Mo maximum"
            value={field.value}
            onChange={field.onChange}
            error={logoError}
          />
        )}
      />
      <Controller
        control={control}
        name="heroImageUrl"
        render={({ field }) => (
          <SiteImageField
            kind="hero"
            label="Image d'accueil"
            hint="JPG, PNG, GIF ou WebP, 10 Mo maximum ; paysage, 1600 px de large au moins"
            value={field.value}
            onChange={field.onChange}
            error={heroError}
          />
        )}
      />
    </SettingsSection>
  );
}
