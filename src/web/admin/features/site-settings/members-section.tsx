import { SettingsSection, TextField } from './fields';

/** "Décharge et santé" (issue 47): how long declared health conditions are kept, and how many days a traveller may pause a pass. */
export function MembersSection() {
  return (
    <SettingsSection
      id="membres"
      title="Voyageurs : pause et données de santé"
      description="Les réponses de santé de la décharge sont effacées ce nombre de mois après la dernière venue ; un voyageur peut mettre son forfait en pause depuis sa page."
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          name="members.healthRetentionMonths"
          label="Conservation des réponses de santé (mois)"
          hint="Comptés depuis le dernier cours où la personne était présente."
          number
          inputMode="numeric"
        />
        <TextField name="members.pauseDays" label="Jours de pause par forfait" hint="0 : pas de pause possible." number inputMode="numeric" />
      </div>
    </SettingsSection>
  );
}

/** Newsletter campaigns (issue 48): the sending throttle, so that a small SMTP relay is not overrun. */
export function NewsletterSection() {
  return (
    <SettingsSection
      id="newsletter"
      title="Newsletter : cadence d’envoi des campagnes"
      description="Les campagnes partent à ce rythme au plus, toutes instances confondues, pour ne pas saturer un petit relais SMTP."
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField name="newsletter.campaignsPerMinute" label="E-mails par minute" hint="De 1 à 10 000 ; 60 par défaut." number inputMode="numeric" />
      </div>
    </SettingsSection>
  );
}
