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
