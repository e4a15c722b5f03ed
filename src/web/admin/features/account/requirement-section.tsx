import { Switch } from '../../components/ui/switch';
import { useAction } from '../../lib/use-action';
import { useSecuritySettings, useSetSecuritySettings } from './api';
import { Section } from './section';

/** Admins only: every account must enrol in two-factor. */
export function RequirementSection() {
  const { data, isPending } = useSecuritySettings(true);
  const save = useSetSecuritySettings();
  const run = useAction();
  return (
    <Section title="Sécurité des comptes">
      <div className="flex items-start justify-between gap-4">
        <div>
          <label htmlFor="require-two-factor" className="text-sm font-medium text-gray-900">
            Exiger la double authentification pour tous les comptes
          </label>
          <p id="require-two-factor-hint" className="mt-1 text-sm text-gray-700">
            Un compte sans double authentification devra l'activer juste après sa connexion, avant tout autre écran.
          </p>
        </div>
        <Switch
          id="require-two-factor"
          aria-describedby="require-two-factor-hint"
          checked={data?.requireTwoFactor ?? false}
          disabled={isPending || save.isPending}
          onCheckedChange={(on) =>
            void run(() => save.mutateAsync({ requireTwoFactor: on }), {
              success: on ? 'Double authentification exigée' : 'Double authentification facultative',
              failure: 'Impossible de modifier ce réglage',
            })
          }
        />
      </div>
    </Section>
  );
}
