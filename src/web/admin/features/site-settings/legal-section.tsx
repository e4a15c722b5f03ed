import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { letterDetailsMissing } from '../../../../shared/legal-details';
import type { SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { Label } from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';
import { SettingsSection, TextField, fieldId, useFieldError } from './fields';
import { SiteImageField } from './image-field';

const IMAGE_HINT = 'PNG sur fond transparent de préférence, 10 Mo maximum';

/** "Mentions légales": the gym's legal details, printed on the visa letters and the receipts. */
export function LegalSection() {
  return (
    <SettingsSection
      id="mentions-legales"
      title="Mentions légales"
      description="L'en-tête des lettres de visa et des reçus : la raison sociale et l'adresse telles qu'enregistrées (le thaï est accepté)."
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField name="legal.name" label="Raison sociale" hint="Ex. Tiger Coast Co., Ltd." nullable />
        <TextField name="legal.registrationNumber" label="Numéro d'immatriculation" hint="13 chiffres pour une société thaïlandaise" nullable />
      </div>
      <TextField name="legal.address" label="Adresse légale" hint="Plusieurs lignes possibles" rows={3} nullable />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField name="legal.phone" label="Téléphone légal" type="tel" inputMode="tel" hint="Format international (+66 …)" nullable />
        <TextField name="legal.email" label="E-mail légal" type="email" inputMode="email" nullable />
      </div>
    </SettingsSection>
  );
}

/** "Lettre de visa": who signs, the signature and stamp, and whether a deposit is enough to ask for one. */
export function VisaLetterSection() {
  const { control } = useFormContext<SiteSettingsInput>();
  const signatureError = useFieldError('visaLetter.signatureImageUrl');
  const stampError = useFieldError('visaLetter.stampImageUrl');
  const legal = useWatch<SiteSettingsInput, 'legal'>({ name: 'legal' });
  const visaLetter = useWatch<SiteSettingsInput, 'visaLetter'>({ name: 'visaLetter' });
  const missing = legal && visaLetter ? letterDetailsMissing({ legal, visaLetter }) : [];
  return (
    <SettingsSection
      id="lettre-visa"
      title="Lettre de visa"
      description="La lettre d'inscription demandée pour le visa DTV : qui la signe, sa signature et le cachet du club."
    >
      {missing.length > 0 ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="letter-missing">
          Aucune lettre ne peut être émise et aucun programme n'est en vente tant que ces informations manquent : {missing.join(', ')}.
        </p>
      ) : (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900" data-testid="letter-missing">
          L'en-tête et la signature sont complets : les lettres peuvent être émises.
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField name="visaLetter.signatoryName" label="Nom du signataire" nullable />
        <TextField name="visaLetter.signatoryTitle" label="Fonction du signataire" hint="Ex. Managing Director (imprimée en anglais)" lang="en" nullable />
      </div>
      <Controller
        control={control}
        name="visaLetter.signatureImageUrl"
        render={({ field }) => (
          <SiteImageField light kind="signature" label="Signature" hint={IMAGE_HINT} value={field.value} onChange={field.onChange} error={signatureError} />
        )}
      />
      <Controller
        control={control}
        name="visaLetter.stampImageUrl"
        render={({ field }) => (
          <SiteImageField light kind="stamp" label="Cachet du club" hint={IMAGE_HINT} value={field.value} onChange={field.onChange} error={stampError} />
        )}
      />
      <div className="flex items-center gap-2">
        <Controller
          control={control}
          name="visaLetter.onDeposit"
          render={({ field }) => <Switch id={fieldId('visaLetter.onDeposit')} checked={!!field.value} onCheckedChange={field.onChange} />}
        />
        <Label htmlFor={fieldId('visaLetter.onDeposit')}>Lettre possible dès l'acompte payé (sinon : une fois le programme payé en entier)</Label>
      </div>
    </SettingsSection>
  );
}
